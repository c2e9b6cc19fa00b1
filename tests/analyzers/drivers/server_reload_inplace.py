# expect: Safe-by-eviction vllm=0.15.0 line=14 reason~="adapter 'policy' is loaded again with load_inplace" reason~="on vLLM 0.10.2: Affected"; Affected vllm=0.14.0 line=14 reason~="the server refuses to load adapter 'policy' again" reason~="HTTP 400" reason~="on vLLM 0.33.0: Safe-by-eviction"
"""Reload the synced policy through the server API with `load_inplace`: on vLLM >= 0.15 the server
re-reads the folder; before 0.15 the reload is refused and the old copy stays."""
import httpx
from peft import PeftModel

SYNC = "/shared/policy"


def train(policy: PeftModel, steps: int = 3) -> None:
    with httpx.Client(base_url="http://127.0.0.1:8000") as http:
        for _ in range(steps):
            policy.save_pretrained(SYNC)
            http.post("/v1/load_lora_adapter", json={"lora_name": "policy", "lora_path": SYNC, "load_inplace": True})
            policy.step()
