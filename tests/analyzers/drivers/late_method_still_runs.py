# expect: Affected line=31 reason~="is served 'checkpoints/one'"
"""A library class whose first method tries many run-time conditions, each world a long
computation, and spends the driver's whole step budget. The method after it, which serves two
folders under one id, still gets a first run of its own: an entry is never left unanalysed
only because the ones before it took the budget."""
from vllm import LLM
from vllm.lora.request import LoRARequest


def cell(i, j):
    return i * j if i > j else j - i


class Evaluator:
    def __init__(self):
        self.llm = LLM("base-model", enable_lora=True)

    def warm_up(self, prompts, a, b, c, d, e, f):
        rows = []
        for flag in (a, b, c, d, e, f):
            if flag:
                rows.append(1)
        for i in range(60):
            for j in range(60):
                rows.append(cell(i, j))
        self.llm.generate(prompts, lora_request=LoRARequest("warm", 7, "checkpoints/warm"))
        return rows

    def evaluate(self, prompts):
        first = LoRARequest("one", 1, "checkpoints/one")
        second = LoRARequest("two", 1, "checkpoints/two")
        self.llm.generate(prompts, lora_request=first)
        self.llm.generate(prompts, lora_request=second)
