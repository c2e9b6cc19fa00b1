# expect: Affected line=26 reason~="lora_int_id 1 is reused without invalidation" reason~="only with run (call 2) is run and task (call 2) is task"
"""Ids kept per `AdapterKey(run, task)`, a frozen dataclass: two calls for the same run and task
build equal keys (a dataclass compares by its fields), so the second checkpoint of that cell
gets the first one's id and is served its weights. Keys compared as objects called this safe."""
from dataclasses import dataclass

from vllm import LLM
from vllm.lora.request import LoRARequest


@dataclass(frozen=True)
class AdapterKey:
    run: str
    task: str


class Evaluator:
    def __init__(self, model: str):
        self.llm = LLM(model=model, enable_lora=True)
        self.ids: dict[AdapterKey, int] = {}

    def evaluate(self, prompts, run, task, checkpoint_dir):
        key = AdapterKey(run, task)
        if key not in self.ids:
            self.ids[key] = len(self.ids) + 1
        request = LoRARequest(f"{run}-{task}", self.ids[key], checkpoint_dir)
        return self.llm.generate(prompts, lora_request=request)
