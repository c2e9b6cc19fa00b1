# expect: Safe-distinct-id line=9 reason~="loaded under its own name"
"""`"/v1/%s_lora_adapter" % op`: the route's verb is formatted in; each checkpoint gets a name
of its own, so each load is a new adapter."""
import requests

URL = "http://inference:8000"

for step, ckpt in enumerate(["ckpt/100", "ckpt/200"]):
    requests.post(URL + "/v1/%s_lora_adapter" % "load", json={"lora_name": f"policy-{step}", "lora_path": ckpt})
