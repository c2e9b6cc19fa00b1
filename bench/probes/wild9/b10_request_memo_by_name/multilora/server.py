"""In-process multi-LoRA wrapper around vllm.LLM (ms-swift-style adapter pool)."""

from __future__ import annotations

import logging
from typing import Iterable

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

logger = logging.getLogger(__name__)


class MultiLoraServer:
    def __init__(self, base_model: str, *, max_loras: int = 8, max_lora_rank: int = 64,
                 **llm_kwargs):
        self.engine = LLM(model=base_model, enable_lora=True, max_loras=max_loras,
                          max_lora_rank=max_lora_rank, **llm_kwargs)
        self._adapters_pool: dict[str, LoRARequest] = {}

    def _get_lora_request(self, adapter_name: str, adapter_path: str) -> LoRARequest:
        if adapter_name in self._adapters_pool:
            return self._adapters_pool[adapter_name]
        req = LoRARequest(
            lora_name=adapter_name,
            lora_int_id=len(self._adapters_pool) + 1,
            lora_path=adapter_path,
        )
        self._adapters_pool[adapter_name] = req
        logger.info("registered adapter %s (id=%d) -> %s", adapter_name, req.lora_int_id,
                    adapter_path)
        return req

    def complete(self, adapter_name: str, adapter_path: str, prompts: Iterable[str],
                 max_tokens: int = 256) -> list[str]:
        lora = self._get_lora_request(adapter_name, adapter_path)
        sp = SamplingParams(temperature=0.0, max_tokens=max_tokens)
        outs = self.engine.generate(list(prompts), sp, lora_request=lora)
        return [o.outputs[0].text for o in outs]
