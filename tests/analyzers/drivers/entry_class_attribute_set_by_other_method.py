# expect: Affected line=22 reason~="lora_int_id 2 is reused without invalidation"
"""`source = None` at class level is what a fresh instance holds, but `attach()` (which the
analysis cannot see being called) replaces it: in the world where it ran, every `refresh()`
re-adds a new folder under lora_int_id 2 without removing it first (Affected). Taking the class
attribute as a fact would make the guard's raise certain and report nothing."""
from vllm import LLM
from vllm.lora.request import LoRARequest


class Refresher:
    source = None

    def __init__(self, model):
        self.llm = LLM(model=model, enable_lora=True)

    def attach(self, source):
        self.source = source

    def refresh(self, step):
        if self.source is None:
            raise RuntimeError("attach() first")
        self.llm.llm_engine.add_lora(LoRARequest("policy", 2, f"{self.source}/step_{step}"))
