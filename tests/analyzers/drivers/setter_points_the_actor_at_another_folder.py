# expect: Affected line=25 reason~="when Actor.update_lora_path() then Actor.generate() is called again" reason~="lora_int_id 1 is reused without invalidation"
"""An RL actor kept by a trainer the analysis cannot see: the trainer calls
`update_lora_path()` with each step's folder, then `generate()`. The request always says
lora_int_id 1, so from the second step on vLLM serves the first folder's weights. Neither method
alone shows it (`generate()` called twice reads one folder); run in turn on one instance, as
their caller uses them, they do."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class Actor:
    def __init__(self, model: str):
        self.llm = LLM(model=model, enable_lora=True, max_lora_rank=16)
        self.lora_path = None

    def update_lora_path(self, lora_path: str):
        self.lora_path = lora_path

    def generate(self, prompts):
        if not self.lora_path:
            return self.llm.generate(prompts, SamplingParams(max_tokens=8))
        return self.llm.generate(
            prompts,
            SamplingParams(max_tokens=8),
            lora_request=LoRARequest("policy", 1, self.lora_path),
        )
