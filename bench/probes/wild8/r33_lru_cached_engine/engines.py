import functools

from vllm import LLM


@functools.lru_cache(maxsize=None)
def get_engine(base: str) -> LLM:
    """Build (once) the vLLM engine for `base`."""
    return LLM(model=base, enable_lora=True, max_lora_rank=16, gpu_memory_utilization=0.4)
