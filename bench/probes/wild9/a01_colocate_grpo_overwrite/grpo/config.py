import os
from dataclasses import dataclass, field

from .constants import SYNC_SUBDIR


@dataclass
class GRPOConfig:
    model_name: str = "Qwen/Qwen2.5-1.5B-Instruct"
    output_dir: str = "outputs/grpo"
    max_steps: int = 500
    num_generations: int = 8
    max_completion_length: int = 256
    learning_rate: float = 1e-5
    lora_rank: int = 16
    lora_alpha: int = 32
    lora_target_modules: list = field(default_factory=lambda: ["q_proj", "k_proj", "v_proj", "o_proj"])
    vllm_gpu_memory_utilization: float = 0.35
    beta: float = 0.04

    @property
    def adapter_sync_dir(self) -> str:
        # single folder the rollout engine reads the current policy from
        return os.path.join(self.output_dir, SYNC_SUBDIR)
