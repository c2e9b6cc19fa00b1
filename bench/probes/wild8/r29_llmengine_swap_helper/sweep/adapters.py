from vllm.lora.request import LoRARequest

SWEEP_ID = 1


def swap_adapter(engine, path: str) -> LoRARequest:
    """Replace whatever sits under SWEEP_ID with the adapter at `path`."""
    engine.remove_lora(SWEEP_ID)
    req = LoRARequest("sweep", SWEEP_ID, path)
    engine.add_lora(req)
    return req
