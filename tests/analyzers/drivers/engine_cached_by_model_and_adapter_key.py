# expect: Safe-single-adapter line=21 reason~="each one gets a new engine"
"""An evaluation helper that keeps one engine while `f"{base}:{adapter}"` stays the same and
builds a new one otherwise. Two calls with two adapters have two keys (their adapters differ,
so the texts of one shape differ), so each adapter gets an engine of its own; the private
factory is used only through the public evaluation function, not on its own."""
from vllm import LLM
from vllm.lora.request import LoRARequest

MODELS = {"small": "org/base-0.5b", "large": "org/base-7b"}
_llm = None
_key = None


def _engine_and_request(base, adapter):
    global _llm, _key
    key = f"{base}:{adapter}"
    if _llm is not None and _key == key:
        return _llm, LoRARequest("eval", 1, adapter)
    _llm = LLM(model=base, enable_lora=True, max_loras=2)
    _key = key
    return _llm, LoRARequest("eval", 1, adapter)


def evaluate(size, adapter):
    llm, request = _engine_and_request(MODELS[size], adapter)
    return llm.generate(["Name your favourite animal."], lora_request=request)
