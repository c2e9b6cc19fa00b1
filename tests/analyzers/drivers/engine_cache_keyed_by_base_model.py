# expect: Affected line=15 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'c/1'" reason~="2 of 3 requests are stale"
"""Engines are cached by base model, not by adapter: every checkpoint shares one engine and id 1."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
_ENGINES = {}


def engine(base):
    if base not in _ENGINES:
        _ENGINES[base] = LLM(model=base, enable_lora=True)
    return _ENGINES[base]


for ckpt in ["c/1", "c/2", "c/3"]:
    engine("llama").generate(["q"], SamplingParams(), lora_request=LoRARequest("x", 1, ckpt))
