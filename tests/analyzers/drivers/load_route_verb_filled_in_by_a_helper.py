# expect: Affected line=12 reason~="the server refuses to load adapter 'assistant' again"
"""A helper that loads or unloads by the verb it is given (`f"/v1/{op}_lora_adapter"`): the
file names no whole route, yet it loads a new folder under one name per checkpoint."""
import sys

import requests

URL = "http://inference:8000"


def adapter_op(op: str, **body) -> int:
    return requests.post(f"{URL}/v1/{op}_lora_adapter", json=body, timeout=600).status_code


if __name__ == "__main__":
    for ckpt in sys.argv[1:]:
        adapter_op("load", lora_name="assistant", lora_path=ckpt)
        print(requests.post(f"{URL}/v1/completions", json={"model": "assistant"}).json())
