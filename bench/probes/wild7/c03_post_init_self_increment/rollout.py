from dataclasses import dataclass
from typing import ClassVar

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


@dataclass
class AdapterSpec:
    path: str
    name: str = "policy"
    _next_id: ClassVar[int] = 1

    def __post_init__(self):
        # hand out a fresh id for every adapter we create
        self.lora_id = self._next_id
        self._next_id += 1

    @property
    def request(self):
        return LoRARequest(self.name, self.lora_id, self.path)


def main():
    llm = LLM("meta-llama/Llama-3.2-1B-Instruct", enable_lora=True, max_loras=4, max_cpu_loras=8)
    sp = SamplingParams(n=4, temperature=1.0, max_tokens=128)
    for it in range(3):
        spec = AdapterSpec(f"/rl/ppo/iter_{it:04d}")
        outs = llm.generate(["Write a haiku about GPUs."], sp, lora_request=spec.request)
        print(it, spec.lora_id, len(outs[0].outputs))


if __name__ == "__main__":
    main()
