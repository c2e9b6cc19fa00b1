from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class AdapterService:
    """One base model + one fine-tuned adapter, loaded at startup."""

    def __init__(self, base: str, adapter_path: str, max_tokens: int = 256):
        self.llm = LLM(model=base, enable_lora=True, max_loras=1, max_lora_rank=64)
        self.req = LoRARequest("sql-assistant", 1, adapter_path)
        self.sp = SamplingParams(max_tokens=max_tokens, temperature=0.2)

    def complete(self, prompt: str) -> str:
        out = self.llm.generate([prompt], self.sp, lora_request=self.req)
        return out[0].outputs[0].text

    def complete_many(self, prompts):
        outs = self.llm.generate(prompts, self.sp, lora_request=self.req)
        return [o.outputs[0].text for o in outs]
