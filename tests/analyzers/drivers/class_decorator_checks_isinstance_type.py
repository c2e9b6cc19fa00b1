# expect: Affected line=38 reason~="lora_int_id 1 is reused without invalidation" reason~="the request for '/ad/code'"
"""A decorator for functions and classes alike tells them apart with `isinstance(obj, type)`:
a class is always a `type`, so the classes stay classes (registered), and both adapters,
which keep the base's id 1, are served from one engine: the second gets the first's weights."""
from vllm import LLM
from vllm.lora.request import LoRARequest

REGISTRY = []


def registered(obj):
    if isinstance(obj, type):
        REGISTRY.append(obj)
        return obj

    def wrapped(*args, **kwargs):
        return obj(*args, **kwargs)

    return wrapped


class Adapter:
    lora_id = 1


@registered
class Math(Adapter):
    path = "/ad/math"


@registered
class Code(Adapter):
    path = "/ad/code"


llm = LLM("m", enable_lora=True)
for cls in REGISTRY:
    llm.generate(["x"], lora_request=LoRARequest(cls.__name__, cls.lora_id, cls.path))
