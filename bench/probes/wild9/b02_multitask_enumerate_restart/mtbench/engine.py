from functools import lru_cache

from vllm import LLM


@lru_cache(maxsize=None)
def get_llm(base_model: str, max_loras: int, max_lora_rank: int,
            gpu_memory_utilization: float = 0.9) -> LLM:
    """One engine per (base, LoRA capacity); repeated calls are free."""
    return LLM(
        model=base_model,
        enable_lora=True,
        max_loras=max_loras,
        max_lora_rank=max_lora_rank,
        gpu_memory_utilization=gpu_memory_utilization,
    )
