from .lora_utils import generate_with_adapter
