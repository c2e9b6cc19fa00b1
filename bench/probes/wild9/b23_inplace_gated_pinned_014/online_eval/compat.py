from vllm.lora.request import LoRARequest


def supports_load_inplace() -> bool:
    """vLLM >= 0.15 can force a reload of an already-resident adapter id."""
    return "load_inplace" in getattr(LoRARequest, "__struct_fields__", ())


def lora_kwargs() -> dict:
    return {"load_inplace": True} if supports_load_inplace() else {}
