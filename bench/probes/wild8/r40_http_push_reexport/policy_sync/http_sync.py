import logging

import requests

log = logging.getLogger(__name__)

VLLM_URL = "http://inference:8000"
POLICY_DIR = "/nfs/rl/policy_adapter"
POLICY_NAME = "policy"


def push_policy() -> None:
    """Ask the vLLM server to (re)load the adapter the learner just wrote."""
    r = requests.post(f"{VLLM_URL}/v1/load_lora_adapter",
                      json={"lora_name": POLICY_NAME, "lora_path": POLICY_DIR}, timeout=120)
    if not r.ok:
        log.info("load_lora_adapter: %s", r.text)


def sample(prompt: str, n: int = 4) -> list[str]:
    r = requests.post(f"{VLLM_URL}/v1/completions", timeout=600,
                      json={"model": POLICY_NAME, "prompt": prompt, "n": n, "max_tokens": 128})
    r.raise_for_status()
    return [c["text"] for c in r.json()["choices"]]
