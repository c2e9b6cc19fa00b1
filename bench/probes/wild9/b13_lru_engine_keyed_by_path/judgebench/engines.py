from __future__ import annotations

import functools
import gc

import torch
from vllm import LLM
from vllm.lora.request import LoRARequest


def _free_cuda() -> None:
    gc.collect()
    if torch.cuda.is_available():
        torch.cuda.empty_cache()


@functools.lru_cache(maxsize=1)
def engine_for(base_model: str, adapter_path: str) -> tuple[LLM, LoRARequest]:
    """Engine + request for one adapter. maxsize=1: building the next adapter's engine
    drops the previous one (we only ever have memory for one)."""
    _free_cuda()
    llm = LLM(model=base_model, enable_lora=True, max_lora_rank=64,
              gpu_memory_utilization=0.85, enforce_eager=True)
    return llm, LoRARequest("judge", 1, adapter_path)
