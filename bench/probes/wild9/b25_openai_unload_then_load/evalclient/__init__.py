from evalclient.lora_admin import LoraAdmin

__all__ = ["LoraAdmin"]
