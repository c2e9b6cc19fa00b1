import os

from vllm.lora.request import LoRARequest

from .ids import lora_id


def request_for(path: str) -> LoRARequest:
    return LoRARequest(os.path.basename(path), lora_id(path), path)
