# expect: Safe-distinct-id line=20 reason~="distinct ids"
"""The guard of `dataclass_default_is_kept_from_the_class_statement.py`: without a decorator
nothing sets `_counter` on the instance, so `self._counter` reads the class attribute, which
each spec counts up: every checkpoint gets an id of its own."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class AdapterSpec:
    _counter: int = 1

    def __init__(self, path: str) -> None:
        self.path = path
        self.lora_id = self._counter
        type(self)._counter += 1

    def request(self) -> LoRARequest:
        return LoRARequest(f"spec{self.lora_id}", self.lora_id, self.path)


llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
for ckpt in sys.argv[1:]:
    spec = AdapterSpec(ckpt)
    print(llm.generate(["hi"], SamplingParams(max_tokens=4), lora_request=spec.request()))
