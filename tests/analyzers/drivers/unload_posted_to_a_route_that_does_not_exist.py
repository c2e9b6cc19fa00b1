# expect: Affected line=15 reason~="the server refuses to load adapter 'assistant' again"
"""Each checkpoint is pushed under one name after an "unload" posted to
`/v1/unload_lora_adapters` (plural): no route of vLLM's, the server answers 404 and
`requests` does not raise. The load of the name it already holds is then refused. A URL that
merely contained the route's word counted as the route (Safe-distinct-id)."""
import sys

import requests

URL = "http://inference:8000"


def publish(name: str, path: str) -> None:
    requests.post(f"{URL}/v1/unload_lora_adapters", json={"lora_name": name}, timeout=60)
    r = requests.post(f"{URL}/v1/load_lora_adapter", json={"lora_name": name, "lora_path": path}, timeout=600)
    print(r.status_code, r.text)


if __name__ == "__main__":
    for ckpt in sys.argv[1:]:
        publish("assistant", ckpt)
        print(requests.post(f"{URL}/v1/completions", json={"model": "assistant", "prompt": "hi", "max_tokens": 8}).json())
