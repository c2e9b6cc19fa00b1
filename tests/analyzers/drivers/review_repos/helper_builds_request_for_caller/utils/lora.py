from vllm.lora.request import LoRARequest


def adapter_request(path: str) -> LoRARequest:
    return LoRARequest("adapter", 1, path)
