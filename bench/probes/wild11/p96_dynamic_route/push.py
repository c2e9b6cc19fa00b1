"""Hot-swap adapters on a running vLLM server."""
import sys

import requests

URL = "http://inference:8000"


def adapter_op(op: str, **body) -> int:
    return requests.post(f"{URL}/v1/{op}_lora_adapter", json=body, timeout=600).status_code


if __name__ == "__main__":
    for ckpt in sys.argv[1:]:
        adapter_op("load", lora_name="assistant", lora_path=ckpt)
        print(requests.post(f"{URL}/v1/completions", json={"model": "assistant", "prompt": "hi", "max_tokens": 8}).json())
