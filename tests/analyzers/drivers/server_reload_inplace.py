# expect: Safe-by-eviction vllm=0.15.0; Affected vllm=0.14.0
"""Reload the synced policy in place through the server API (needs vLLM >= 0.15)."""
import httpx
from peft import PeftModel

SYNC = "/shared/policy"


def train(policy: PeftModel, steps: int = 3) -> None:
    with httpx.Client(base_url="http://127.0.0.1:8000") as http:
        for _ in range(steps):
            policy.save_pretrained(SYNC)
            http.post("/v1/load_lora_adapter", json={"lora_name": "policy", "lora_path": SYNC, "load_inplace": True})
            policy.step()
