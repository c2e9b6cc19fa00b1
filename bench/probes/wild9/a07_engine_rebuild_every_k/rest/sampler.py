"""Generation side of ReST-style expert iteration."""

import gc
import logging

import torch
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

log = logging.getLogger(__name__)

# Rebuilding the engine frees fragmented KV memory; doing it every round costs ~90s of startup,
# so it is only done every few rounds.
REBUILD_EVERY = 4


class RoundSampler:
    def __init__(self, model: str, lora_rank: int = 64, samples_per_prompt: int = 16):
        self.model = model
        self.lora_rank = lora_rank
        self.params = SamplingParams(n=samples_per_prompt, temperature=0.8, top_p=0.95, max_tokens=768)
        self._llm = None
        self._uses = 0

    def _engine(self) -> LLM:
        if self._llm is None or self._uses >= REBUILD_EVERY:
            if self._llm is not None:
                log.info("recycling vLLM engine after %d rounds", self._uses)
                del self._llm
                gc.collect()
                torch.cuda.empty_cache()
            self._llm = LLM(
                model=self.model,
                enable_lora=True,
                max_lora_rank=self.lora_rank,
                gpu_memory_utilization=0.85,
            )
            self._uses = 0
        self._uses += 1
        return self._llm

    def sample(self, prompts, adapter_dir=None):
        llm = self._engine()
        req = LoRARequest("current", 1, adapter_dir) if adapter_dir else None
        outs = llm.generate(prompts, self.params, lora_request=req)
        return [[c.text for c in o.outputs] for o in outs]
