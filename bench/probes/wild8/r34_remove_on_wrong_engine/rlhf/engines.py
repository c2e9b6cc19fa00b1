from vllm import LLM


class EnginePair:
    """Policy and frozen reference model, each on its own vLLM engine."""

    def __init__(self, base: str):
        self.policy_llm = LLM(model=base, enable_lora=True, max_lora_rank=16,
                              gpu_memory_utilization=0.35)
        self.ref_llm = LLM(model=base, enable_lora=True, max_lora_rank=16,
                           gpu_memory_utilization=0.35)
