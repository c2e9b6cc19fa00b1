# expect: Affected line=13 reason~="when MultiLoraModel.generate() is called again for another adapter" reason~="lora_int_id 1 is reused without invalidation"
"""The wrapper of the mapping above, with id 1 for every adapter: a second call that names
another adapter is served the first one's weights."""
from vllm import LLM
from vllm.lora.request import LoRARequest


class MultiLoraModel:
    def __init__(self, base, lora_modules: dict):
        self.llm = LLM(model=base, enable_lora=True, max_loras=4)
        self.lora_requests = {}
        for name, path in lora_modules.items():
            self.lora_requests[name] = LoRARequest(name, 1, path)

    def generate(self, prompts, name):
        return self.llm.generate(prompts, lora_request=self.lora_requests[name])
