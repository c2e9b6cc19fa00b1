# expect: Affected
"""A small serving module: one engine at import, one function that other code calls per adapter."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

LLM_ENGINE = LLM(model="base", enable_lora=True, max_loras=1)


def predict(adapter_path: str, prompt: str) -> str:
    request = LoRARequest("adapter", 1, adapter_path)
    return LLM_ENGINE.generate([prompt], SamplingParams(), lora_request=request)[0].outputs[0].text
