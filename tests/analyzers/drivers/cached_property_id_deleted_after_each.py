# expect: Safe-distinct-id line=22 reason~="2 distinct ids"
"""The same `cached_property` id, but the evaluator deletes it after each checkpoint (`del` is how a
`cached_property` is computed again): each checkpoint draws a new id from the counter."""
import itertools
from functools import cached_property

from vllm import LLM
from vllm.lora.request import LoRARequest

_ids = itertools.count(1)


class Evaluator:
    def __init__(self):
        self.llm = LLM("m", enable_lora=True)

    @cached_property
    def lora_id(self):
        return next(_ids)

    def evaluate(self, path):
        out = self.llm.generate(["p"], lora_request=LoRARequest(path, self.lora_id, path))
        del self.lora_id  # the next checkpoint draws a new id
        return out


evaluator = Evaluator()
for step in (1, 2):
    evaluator.evaluate(f"ckpt/step-{step}")
