# expect: Affected line=16 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'a'" reason~="2 of 3 requests are stale"
"""A lazily built global engine shared by every evaluate() call under id 1."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
_LLM = None


def get_llm():
    global _LLM
    if _LLM is None:
        _LLM = LLM(model="b", enable_lora=True)
    return _LLM


def evaluate(path):
    return get_llm().generate(["q"], SamplingParams(), lora_request=LoRARequest("x", 1, path))


for p in ["a", "b", "c"]:
    evaluate(p)
