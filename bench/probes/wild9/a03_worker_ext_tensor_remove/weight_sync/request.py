from dataclasses import field

from vllm.lora.request import LoRARequest

POLICY_LORA_ID = 123
POLICY_LORA_NAME = "actor_lora"
DUMMY_LORA_PATH = "in_memory_lora"


class TensorLoRARequest(LoRARequest):
    """A LoRARequest that carries its weights instead of pointing at a folder."""

    peft_config: dict = field(default=None)
    lora_tensors: dict = field(default=None)
