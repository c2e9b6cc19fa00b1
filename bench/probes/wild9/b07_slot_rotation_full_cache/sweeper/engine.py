from vllm import LLM

from sweeper.config import MAX_LORAS, SweepConfig


def build_engine(cfg: SweepConfig) -> LLM:
    return LLM(
        model=cfg.base_model,
        enable_lora=True,
        max_loras=MAX_LORAS,
        max_cpu_loras=MAX_LORAS,
        max_lora_rank=cfg.max_lora_rank,
        enable_prefix_caching=True,
    )
