# expect: Safe-by-eviction line=18 reason~="evicted before every repeat"
"""Evict id 1 whenever the caller's folder differs from the one loaded. A caller that passes
the same folder again gets a cache hit of that folder (benign, as for any repeated (id, path));
another folder is removed first. The world where both calls pass None is one path, not two."""
from vllm import LLM
from vllm.lora.request import LoRARequest


class Policy:
    def __init__(self, model: str):
        self.llm = LLM(model=model, enable_lora=True)
        self.loaded = None

    def generate(self, prompts, folder):
        if folder != self.loaded:
            self.llm.llm_engine.remove_lora(1)
            self.loaded = folder
        return self.llm.generate(prompts, lora_request=LoRARequest("policy", 1, folder))
