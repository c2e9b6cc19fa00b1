# expect: Affected line=18 reason~="lora_int_id 1 is reused without invalidation" reason~="only with name"
"""Evict id 1 only when the caller switches to another adapter name. The next RL step passes
the same name with a new folder, so nothing is evicted and the first folder's weights are
served (as it is when both calls pass None)."""
from vllm import LLM
from vllm.lora.request import LoRARequest


class Policy:
    def __init__(self, model: str):
        self.llm = LLM(model=model, enable_lora=True)
        self.active = None

    def generate(self, prompts, name, folder):
        if name != self.active:
            self.llm.llm_engine.remove_lora(1)
            self.active = name
        return self.llm.generate(prompts, lora_request=LoRARequest(name, 1, folder))
