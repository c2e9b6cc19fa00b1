from dataclasses import dataclass, field


@dataclass
class EngineConfig:
    max_loras: int = 1
    # keep both buffers resident on CPU so switching slots never hits the disk
    max_cpu_loras: int = 4
    max_lora_rank: int = 32
    gpu_memory_utilization: float = 0.45


@dataclass
class RunConfig:
    model: str = "Qwen/Qwen2.5-3B-Instruct"
    root: str = "/scratch/offpolicy"
    num_slots: int = 2
    steps: int = 1000
    batch: int = 32
    engine: EngineConfig = field(default_factory=EngineConfig)
