"""Called by the training job after each epoch: point the live adapter at the new weights.

    python scripts/push_checkpoint.py --name support-bot --path /ckpt/support-bot/epoch-3
"""

import argparse

import requests


def push(gateway: str, name: str, path: str) -> dict:
    r = requests.put(f"{gateway}/adapters/{name}", json={"path": path}, timeout=30)
    r.raise_for_status()
    return r.json()


def smoke(gateway: str, name: str) -> str:
    r = requests.post(f"{gateway}/generate",
                      json={"adapter": name, "prompt": "Hello, my router is blinking red."},
                      timeout=120)
    r.raise_for_status()
    return r.json()["text"]


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--gateway", default="http://localhost:8080")
    ap.add_argument("--name", required=True)
    ap.add_argument("--path", required=True)
    a = ap.parse_args()
    print(push(a.gateway, a.name, a.path))
    print(smoke(a.gateway, a.name))
