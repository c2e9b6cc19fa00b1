# expect: Affected line=16 reason~="lora_int_id 1 is reused"
"""`self.__next_id` is `_Slots__next_id` in `Slots` and `_CountingSlots__next_id` in its
subclass (Python mangles private names by the class they are written in): the subclass counts
its own attribute while every request is built from the base's, which stays 1."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class Slots:
    def __init__(self) -> None:
        self.__next_id = 1

    def make(self, path: str) -> LoRARequest:
        return LoRARequest(f"slot{self.__next_id}", self.__next_id, path)


class CountingSlots(Slots):
    def __init__(self) -> None:
        super().__init__()
        self.__next_id = 1

    def make(self, path: str) -> LoRARequest:
        request = super().make(path)
        self.__next_id += 1
        return request


llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
slots = CountingSlots()
for ckpt in sys.argv[1:]:
    print(llm.generate(["hi"], SamplingParams(max_tokens=4), lora_request=slots.make(ckpt)))
