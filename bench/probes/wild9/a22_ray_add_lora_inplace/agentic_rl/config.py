from dataclasses import dataclass

ADAPTER_NAME = "agent"
ADAPTER_ID = 1


@dataclass
class RunConfig:
    model: str = "Qwen/Qwen3-4B"
    sync_dir: str = "/mnt/shared/agentic_rl/policy"
    num_workers: int = 4
    iterations: int = 200
    episodes_per_worker: int = 16
    lora_rank: int = 32
