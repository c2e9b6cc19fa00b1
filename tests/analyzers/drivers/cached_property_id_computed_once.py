# expect: Affected line=23 reason~="lora_int_id 1 is reused without invalidation" reason~="the request for 'ckpt/step-2'"
"""The evaluator draws its adapter id from a counter in a `cached_property`: computed on the
first read and then kept in the instance, so every checkpoint it evaluates is served under the
same id. Read as a plain property, each read would draw a new id and look safe."""
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
        return self.llm.generate(["p"], lora_request=LoRARequest(path, self.lora_id, path))


evaluator = Evaluator()
for step in (1, 2):
    evaluator.evaluate(f"ckpt/step-{step}")
