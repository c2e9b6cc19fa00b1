"""Rollout worker with per-role ids cached on the method."""
import functools
import itertools

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class Worker:
    def __init__(self) -> None:
        self.llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
        self._ids = itertools.count(1)

    @functools.cache
    def lora_id(self, role: str) -> int:
        return next(self._ids)

    def rollout(self, role: str, path: str):
        req = LoRARequest(role, self.lora_id(role), path)
        return self.llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req)


if __name__ == "__main__":
    w = Worker()
    for step in range(3):
        print(w.rollout("policy", f"/ckpt/step-{step}"))
