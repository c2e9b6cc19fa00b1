# expect: Affected line=20 reason~="the request for '/c/2' at iterator_from_iter_method_over_checkpoints.py:20 is served '/c/1'"
"""A collection of checkpoints whose `__iter__` hands back `iter(self.paths)`: the loop goes
over those paths, each served under lora_int_id 1, so the second is served the first."""
from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)


class Checkpoints:
    def __init__(self, paths):
        self.paths = paths

    def __iter__(self):
        return iter(self.paths)


for path in Checkpoints(["/c/1", "/c/2"]):
    llm.generate(["hi"], lora_request=LoRARequest("eval", 1, path))
