"""Push each new checkpoint to the serving fleet under a stable name."""
import sys

import requests

URL = "http://inference:8000"


def publish(name: str, path: str) -> None:
    requests.post(f"{URL}/v1/unload_lora_adapter", data={"lora_name": name}, timeout=60)
    r = requests.post(f"{URL}/v1/load_lora_adapter", json={"lora_name": name, "lora_path": path}, timeout=600)
    print(r.status_code, r.text)


if __name__ == "__main__":
    for ckpt in sys.argv[1:]:
        publish("assistant", ckpt)
        print(requests.post(f"{URL}/v1/completions", json={"model": "assistant", "prompt": "hi", "max_tokens": 8}).json())
