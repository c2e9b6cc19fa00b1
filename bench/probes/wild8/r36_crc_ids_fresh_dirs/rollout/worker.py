from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from .ids import adapter_id


class Sampler:
    def __init__(self, base):
        self.llm = LLM(model=base, enable_lora=True, max_loras=2, max_lora_rank=8)

    def sample(self, prompts, folder):
        req = LoRARequest(folder.rsplit("/", 1)[-1], adapter_id(folder), folder)
        outs = self.llm.generate(prompts, SamplingParams(max_tokens=64), lora_request=req)
        return [o.outputs[0].text for o in outs]
