# expect: Indeterminate line=13 reason~="known only at run time"
"""The same `generate`, on an engine its caller built and may have loaded anything into: the id
read back from it is unknown."""
from vllm.lora.request import LoRARequest


class Rollout:
    def __init__(self, llm):
        self.llm = llm

    def generate(self, prompts):
        ids = list(self.llm.llm_engine.list_loras())
        request = LoRARequest(f"{ids[0]}", ids[0], "/stub-path") if ids else None
        return self.llm.generate(prompts, lora_request=request)
