import gc

import torch
from vllm import LLM


def make_engine(base: str) -> LLM:
    return LLM(model=base, enable_lora=True, max_lora_rank=16, gpu_memory_utilization=0.4)


def destroy(llm: LLM) -> None:
    del llm
    gc.collect()
    torch.cuda.empty_cache()
