# expect: Affected line=22 reason~="lora_int_id 1 is reused"
"""A dataclass's generated `__init__` sets each field to the default the class statement
declared; `type(self)._counter += 1` changes the class attribute, never that default, so
every spec reads `_counter == 1` and every checkpoint is loaded under id 1."""
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


llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
for ckpt in sys.argv[1:]:
    spec = AdapterSpec(ckpt)
    print(llm.generate(["hi"], SamplingParams(max_tokens=4), lora_request=spec.request()))
