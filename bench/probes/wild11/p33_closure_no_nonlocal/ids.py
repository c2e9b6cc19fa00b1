"""Request builder with its own id counter."""
from vllm.lora.request import LoRARequest


def make_builder(start: int = 1):
    current = start

    def build(path: str) -> LoRARequest:
        lora_id = current
        next_id = current + 1
        return LoRARequest(f"a{lora_id}", lora_id, path)

    return build
