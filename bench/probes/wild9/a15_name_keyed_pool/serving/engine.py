from vllm import LLM, SamplingParams

from .pool import AdapterPool


class GenerationEngine:
    def __init__(self, model: str, max_loras: int, max_lora_rank: int):
        self.llm = LLM(model=model, enable_lora=True, max_loras=max_loras, max_lora_rank=max_lora_rank)
        self.pool = AdapterPool()

    def generate_base(self, prompts, n: int):
        outs = self.llm.generate(prompts, SamplingParams(n=n, temperature=0.9, max_tokens=512), use_tqdm=False)
        return [[c.text for c in o.outputs] for o in outs]

    def generate(self, prompts, adapter_name: str, adapter_path: str, n: int):
        req = self.pool.get(adapter_name, adapter_path)
        sp = SamplingParams(n=n, temperature=0.9, max_tokens=512)
        outs = self.llm.generate(prompts, sp, lora_request=req, use_tqdm=False)
        return [[c.text for c in o.outputs] for o in outs]
