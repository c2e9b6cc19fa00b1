# expect: Affected line=24 reason~="lora_int_id 1 is reused without invalidation in LLM"
"""`functools.singledispatch` formats each prompt: the base implementation raises for types it
was not registered for, and `str` is registered. Running the base one for every call stopped
every run before its serve: No-realized-run ("built but never served") for a loop that reuses
id 1 for two checkpoints (outlines' `format_input` has this shape)."""
from functools import singledispatch

from vllm import LLM
from vllm.lora.request import LoRARequest


@singledispatch
def format_input(model_input):
    raise TypeError(f"unsupported input type {type(model_input)}")


@format_input.register(str)
def _(model_input: str) -> str:
    return model_input


llm = LLM(model="base", enable_lora=True)
for path in ["ckpt/checkpoint-100", "ckpt/checkpoint-200"]:
    request = LoRARequest("adapter", 1, path)
    llm.generate(format_input("hello"), lora_request=request)
