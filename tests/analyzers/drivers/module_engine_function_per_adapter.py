# expect: Affected line=11 reason~="when predict() is called again for another adapter, lora_int_id 1 is reused without" reason~="is served adapter_path" reason~="1 of 2 requests are stale"
"""One engine built at import, one function other code calls per adapter with id 1: the second call
is served the first adapter."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

LLM_ENGINE = LLM(model="base", enable_lora=True, max_loras=1)


def predict(adapter_path: str, prompt: str) -> str:
    request = LoRARequest("adapter", 1, adapter_path)
    return LLM_ENGINE.generate([prompt], SamplingParams(), lora_request=request)[0].outputs[0].text
