"""Request builders for the different evaluation modes."""
import itertools

from vllm.lora.request import LoRARequest

_ids = itertools.count(1)


def build_sweep(path: str) -> LoRARequest:
    n = next(_ids)
    return LoRARequest(f"sweep{n}", n, path)


def build_serve(path: str) -> LoRARequest:
    return LoRARequest("served", 1, path)
