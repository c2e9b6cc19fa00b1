# expect: Affected line=18 reason~="lora_int_id 1 is reused without invalidation"
"""A library method nobody in the repository calls: an unseen caller may pass `adapters`, so
its declared default (None) is one candidate and an unknown list the other. With a list, every
adapter is served under lora_int_id 1 on the engine built in __init__ (Affected)."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class Scorer:
    def __init__(self, model, base_only=True):
        self.llm = LLM(model=model, enable_lora=True)
        self.base_only = base_only

    def score(self, prompts, adapters=None):
        if adapters is None or self.base_only:
            return self.llm.generate(prompts, SamplingParams())
        for path in adapters:
            self.llm.generate(prompts, SamplingParams(), lora_request=LoRARequest("a", 1, path))
