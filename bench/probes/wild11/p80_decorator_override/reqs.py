"""Request factory; the serving layer pins every adapter to the hot slot."""
import functools
import itertools

from vllm.lora.request import LoRARequest

_ids = itertools.count(1)
HOT_SLOT = 1


def hot_slot(fn):
    @functools.wraps(fn)
    def wrapper(path: str) -> LoRARequest:
        req = fn(path)
        return LoRARequest(req.lora_name, HOT_SLOT, req.lora_path)

    return wrapper


@hot_slot
def make_request(path: str) -> LoRARequest:
    n = next(_ids)
    return LoRARequest(f"adapter-{n}", n, path)
