# expect: Safe-distinct-id line=33 reason~="distinct ids"
"""A `@deprecated()` decorator wraps functions but hands classes back as they are, telling the
two apart with `isinstance(obj, type)`. A class is always a `type`: no world turns the manager
into a function, so its method is analysed as callers use it, each adapter under a new id."""
import itertools
from functools import wraps

from vllm import LLM
from vllm.lora.request import LoRARequest


def deprecated(replacement=""):
    def decorator(obj):
        if isinstance(obj, type):
            return obj

        @wraps(obj)
        def wrapped(*args, **kwargs):
            return obj(*args, **kwargs)

        return wrapped

    return decorator


@deprecated()
class ShardingManager:
    def __init__(self):
        self.llm = LLM("m", enable_lora=True)
        self.ids = itertools.count(1)

    def update_params(self, adapter_path):
        request = LoRARequest("policy", next(self.ids), adapter_path)
        self.llm.llm_engine.add_lora(request)
