from zoo.registry import AdapterEntry, load_registry, lora_request_for

__all__ = ["AdapterEntry", "load_registry", "lora_request_for"]
