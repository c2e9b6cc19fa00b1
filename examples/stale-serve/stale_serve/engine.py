"""One place that decides how the base model is served (so every script uses the same settings)."""

from __future__ import annotations

from vllm import LLM

BASE_MODEL = "meta-llama/Llama-3.1-8B-Instruct"


def build_engine(max_loras: int = 1, max_lora_rank: int = 64) -> LLM:
    # max_cpu_loras is left at its default, i.e. the CPU cache holds max_loras adapters.
    return LLM(
        model=BASE_MODEL,
        enable_lora=True,
        max_loras=max_loras,
        max_lora_rank=max_lora_rank,
        gpu_memory_utilization=0.85,
    )
