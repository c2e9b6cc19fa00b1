# expect: Safe-distinct-id line=21 reason~="2 distinct ids"
"""Ids kept per slot object, a plain class without `__eq__`: every call builds a new slot, and
two objects of such a class are never equal, so each call gets a new id."""
from vllm import LLM
from vllm.lora.request import LoRARequest


class Slot:
    def __init__(self, folder):
        self.folder = folder


class Evaluator:
    def __init__(self, model: str):
        self.llm = LLM(model=model, enable_lora=True)
        self.ids = {}

    def evaluate(self, prompts, folder):
        slot = Slot(folder)
        self.ids[slot] = len(self.ids) + 1
        request = LoRARequest(f"slot-{self.ids[slot]}", self.ids[slot], folder)
        return self.llm.generate(prompts, lora_request=request)
