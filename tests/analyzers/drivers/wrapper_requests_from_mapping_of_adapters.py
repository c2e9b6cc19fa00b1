# expect: Safe-distinct-id line=14 reason~="every lora_int_id maps to one adapter within each engine lifetime" reason~="library mode"
"""A class wrapper builds one request per adapter of the mapping its caller passes, numbered by
`enumerate(..., start=1)`, and serves the one a later call names: whichever names two calls
pass, each id stays with one adapter."""
from vllm import LLM
from vllm.lora.request import LoRARequest


class MultiLoraModel:
    def __init__(self, base, lora_modules: dict):
        self.llm = LLM(model=base, enable_lora=True, max_loras=4)
        self.lora_requests = {}
        for i, (name, path) in enumerate(lora_modules.items(), start=1):
            self.lora_requests[name] = LoRARequest(name, i, path)

    def generate(self, prompts, name):
        return self.llm.generate(prompts, lora_request=self.lora_requests[name])
