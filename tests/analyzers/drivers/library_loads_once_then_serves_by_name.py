# expect: Affected line=18 reason~="when Model.load() then Model.generate() is called again"
"""A model wrapper builds one request per configured adapter, all with lora_int_id 1, and
`generate(name)` serves the one whose name matches. A caller loads once and generates for two
adapters: the second is served the first one's weights. Run in turn both ways (load, then
generate twice) on one instance, the reuse shows."""
from vllm import LLM
from vllm.lora.request import LoRARequest


class Model:
    def __init__(self, model_path, loras):
        self.model_path = model_path
        self.loras = loras  # (name, path) pairs
        self.lora_requests = []
        self.llm = None

    def load(self):
        self.lora_requests = [LoRARequest(n, 1, p) for n, p in self.loras]
        self.llm = LLM(model=self.model_path, enable_lora=True, max_loras=4)

    def generate(self, prompts, lora_name=None):
        lora_request = None
        for lora in self.lora_requests:
            if lora.lora_name == lora_name:
                lora_request = lora
        return self.llm.generate(prompts, lora_request=lora_request)
