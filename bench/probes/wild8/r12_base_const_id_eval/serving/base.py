from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class BaseLoRAServer:
    adapter_name = "adapter"
    adapter_id = 1

    def __init__(self, model: str, **kw):
        self.llm = LLM(model=model, enable_lora=True, **kw)
        self.sampling = SamplingParams(temperature=0.0, max_tokens=256)

    def _request(self, path: str) -> LoRARequest:
        return LoRARequest(self.adapter_name, self.adapter_id, path)

    def generate(self, prompts, path):
        return self.llm.generate(prompts, self.sampling, lora_request=self._request(path))
