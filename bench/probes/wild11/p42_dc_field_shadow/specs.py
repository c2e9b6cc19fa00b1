"""Adapter specs numbered as they are created."""
import sys
from dataclasses import dataclass

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


@dataclass
class AdapterSpec:
    path: str
    _counter: int = 1

    def __post_init__(self) -> None:
        self.lora_id = self._counter
        type(self)._counter += 1

    def request(self) -> LoRARequest:
        return LoRARequest(f"spec{self.lora_id}", self.lora_id, self.path)


if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt in sys.argv[1:]:
        spec = AdapterSpec(ckpt)
        print(llm.generate(["hi"], SamplingParams(max_tokens=4), lora_request=spec.request()))
