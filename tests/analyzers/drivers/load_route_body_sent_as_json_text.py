# expect: Affected line=16 reason~="the server refuses to load adapter 'policy' again at load_route_body_sent_as_json_text.py:16"
"""The load route's body sent as JSON text (`data=json.dumps(body)`, as with aiohttp or an
older requests habit) rather than `json=`: its name and folder are the dict's. They were read
as unknown, so the row was Indeterminate where the same name loaded twice is certain."""
import json

import requests
from transformers import AutoModelForCausalLM

URL = "http://localhost:8000"


def push(model):
    model.save_pretrained("out/policy")
    body = {"lora_name": "policy", "lora_path": "out/policy"}
    requests.post(f"{URL}/v1/load_lora_adapter", data=json.dumps(body))


def main():
    model = AutoModelForCausalLM.from_pretrained("base")
    for _ in range(3):
        push(model)
        requests.post(f"{URL}/v1/completions", data=json.dumps({"model": "policy", "prompt": "q"}))


if __name__ == "__main__":
    main()
