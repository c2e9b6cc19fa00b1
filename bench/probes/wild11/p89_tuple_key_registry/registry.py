"""Adapter id registry keyed by (run, role)."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class AdapterRegistry:
    def __init__(self) -> None:
        self._ids: dict[tuple[str, str], int] = {}

    def lora_id(self, run: str, role: str) -> int:
        key = (run, role)
        if key not in self._ids:
            self._ids[key] = len(self._ids) + 1
        return self._ids[key]


if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    reg = AdapterRegistry()
    for step in (100, 200, 300):
        path = f"/runs/ppo-7/step-{step}"
        req = LoRARequest(f"policy@{step}", reg.lora_id("ppo-7", "policy"), path)
        print(step, llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))
