from vllm.lora.request import LoRARequest


def make_request(lora_cfg: dict, path: str) -> LoRARequest:
    return LoRARequest(lora_name=lora_cfg["name"], lora_int_id=lora_cfg["id"], lora_path=path)
