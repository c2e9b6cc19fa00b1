# expect: Affected line=16 reason~="is reused without invalidation"
"""The same helper keyed by the base model alone: a second adapter on the same base keeps the
engine, and is served under id 1 with the first adapter's weights."""
from vllm import LLM
from vllm.lora.request import LoRARequest

MODELS = {"small": "org/base-0.5b", "large": "org/base-7b"}
_llm = None
_key = None


def _engine_and_request(base, adapter):
    global _llm, _key
    key = f"{base}"
    if _llm is not None and _key == key:
        return _llm, LoRARequest("eval", 1, adapter)
    _llm = LLM(model=base, enable_lora=True, max_loras=2)
    _key = key
    return _llm, LoRARequest("eval", 1, adapter)


def evaluate(size, adapter):
    llm, request = _engine_and_request(MODELS[size], adapter)
    return llm.generate(["Name your favourite animal."], lora_request=request)
