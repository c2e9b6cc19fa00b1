# expect: Indeterminate line=13 reason~="either load() never runs it, or the URL is sent by a call the analysis does not model as a post"
"""`urlopen(Request(url, data=...))` posts the load route through a call the analysis does not
model: the row says so, not that nothing calls `load()`."""
import json
import sys
import urllib.request

BASE = "http://localhost:8000"


def load(name, path):
    body = json.dumps({"lora_name": name, "lora_path": path}).encode()
    req = urllib.request.Request(BASE + "/v1/load_lora_adapter", data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as resp:
        return resp.read()


for ckpt in sys.argv[1:]:
    load("policy", ckpt)
    payload = json.dumps({"model": "policy", "prompt": "hi"}).encode()
    urllib.request.urlopen(urllib.request.Request(BASE + "/v1/completions", data=payload))
