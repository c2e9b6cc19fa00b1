# expect: Safe-distinct-id line=18 reason~="distinct ids"
"""The guard of `private_counter_of_a_subclass_is_another_attribute.py`: one class writes and
reads its own private counter (`self.__next_id`, `_Slots__next_id` both times), so each
checkpoint gets an id of its own."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class Slots:
    def __init__(self) -> None:
        self.__next_id = 1

    def make(self, path: str) -> LoRARequest:
        number = self.__next_id
        self.__next_id += 1
        return LoRARequest(f"slot{number}", number, path)


llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
slots = Slots()
for ckpt in sys.argv[1:]:
    print(llm.generate(["hi"], SamplingParams(max_tokens=4), lora_request=slots.make(ckpt)))
