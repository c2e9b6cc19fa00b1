"""A slot object that takes a new id whenever its path changes."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class Slot:
    def __init__(self) -> None:
        object.__setattr__(self, "lora_id", 0)
        object.__setattr__(self, "path", None)

    def __setattr__(self, key, value):
        if key == "path" and value != self.path:
            object.__setattr__(self, "lora_id", self.lora_id + 1)
        object.__setattr__(self, key, value)

    def request(self) -> LoRARequest:
        return LoRARequest(f"slot{self.lora_id}", self.lora_id, self.path)


if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    slot = Slot()
    for ckpt in sys.argv[1:]:
        slot.path = ckpt
        print(llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=slot.request()))
