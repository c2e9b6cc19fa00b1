"""Request helpers."""
from vllm.lora.request import LoRARequest


def adapter_request(path: str) -> LoRARequest:
    return LoRARequest("cand", 1, path)
