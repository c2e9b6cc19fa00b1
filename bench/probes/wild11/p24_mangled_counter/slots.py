"""Adapter slot allocator and a counting subclass used by the eval loop."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class AdapterSlots:
    def __init__(self) -> None:
        self.__next_id = 1

    def make(self, path: str) -> LoRARequest:
        return LoRARequest(f"slot{self.__next_id}", self.__next_id, path)


class CountingSlots(AdapterSlots):
    def __init__(self) -> None:
        super().__init__()
        self.__next_id = 1

    def make(self, path: str) -> LoRARequest:
        req = super().make(path)
        self.__next_id += 1
        return req


def main() -> None:
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    slots = CountingSlots()
    for ckpt in sys.argv[1:]:
        req = slots.make(ckpt)
        print(ckpt, llm.generate(["hi"], SamplingParams(max_tokens=4), lora_request=req))


if __name__ == "__main__":
    main()
