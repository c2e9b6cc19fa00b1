"""A pool of LoRA adapters served from one vLLM engine."""

from __future__ import annotations

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class AdapterPool:
    def __init__(self, base_model: str, max_adapters: int = 4, max_lora_rank: int = 32):
        self.llm = LLM(
            model=base_model,
            enable_lora=True,
            max_loras=max_adapters,
            max_cpu_loras=2 * max_adapters,
            max_lora_rank=max_lora_rank,
        )
        self._requests: dict[str, LoRARequest] = {}

    def __contains__(self, name: str) -> bool:
        return name in self._requests

    def names(self) -> list[str]:
        return list(self._requests)

    def add(self, name: str, path: str) -> LoRARequest:
        if name in self._requests:
            raise KeyError(f"adapter {name!r} already in pool")
        # ids must be >= 1 for vLLM
        req = LoRARequest(lora_name=name, lora_int_id=len(self._requests) + 1, lora_path=path)
        self._requests[name] = req
        return req

    def drop(self, name: str) -> None:
        self._requests.pop(name)

    def generate(self, name: str, prompts: list[str], max_tokens: int = 384) -> list[str]:
        sp = SamplingParams(temperature=0.7, top_p=0.95, max_tokens=max_tokens, seed=0)
        outs = self.llm.generate(prompts, sp, lora_request=self._requests[name])
        return [o.outputs[0].text for o in outs]
