# expect: Safe-single-adapter line=7 reason~="one adapter per engine lifetime" reason~="(lora_int_id 1, 'a')"
"""The loop breaks after its first request: only one adapter is ever served."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True)
for p in ["a", "b", "c"]:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", 1, p))
    break
