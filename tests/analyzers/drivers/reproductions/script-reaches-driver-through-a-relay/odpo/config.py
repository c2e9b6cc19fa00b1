from dataclasses import dataclass


@dataclass
class OnlineDPOConfig:
    model: str = "HuggingFaceTB/SmolLM2-1.7B-Instruct"
    judge: str = "internlm/internlm2-7b-reward"
    # tmpfs folder shared by trainer and generator; rewritten after every optimizer step
    sync_dir: str = "/dev/shm/online_dpo/policy"
    steps: int = 2000
    batch_size: int = 8
    beta: float = 0.1
    lora_rank: int = 16
