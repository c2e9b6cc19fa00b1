from vllm.lora.request import LoRARequest

from config import LORA_ID, LORA_NAME


def tensor_request(state_dict, peft_config, name: str = LORA_NAME):
    """Wrap in-memory LoRA weights as a request (no files on disk)."""
    return LoRARequest(name, LORA_ID, lora_path="",
                       lora_tensors=state_dict, peft_config=peft_config)
