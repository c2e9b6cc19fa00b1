from dataclasses import dataclass


@dataclass
class GenConfig:
    max_loras: int = 2
    max_lora_rank: int = 32
    gpu_memory_utilization: float = 0.9
    tensor_parallel_size: int = 1


@dataclass
class RFTConfig:
    base_model: str = "google/gemma-2-2b-it"
    rounds: int = 5
    samples_per_prompt: int = 8
    work_dir: str = "rft_runs"
    gen: GenConfig = None

    def __post_init__(self):
        if self.gen is None:
            self.gen = GenConfig()
