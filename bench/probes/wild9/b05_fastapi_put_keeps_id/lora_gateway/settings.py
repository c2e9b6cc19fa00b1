import os
from dataclasses import dataclass


@dataclass
class Settings:
    base_model: str = os.environ.get("GATEWAY_BASE_MODEL", "meta-llama/Llama-3.1-8B-Instruct")
    max_loras: int = 4
    max_cpu_loras: int = 16
    max_lora_rank: int = 64


SETTINGS = Settings()
