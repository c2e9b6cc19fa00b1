# expect: Affected
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
