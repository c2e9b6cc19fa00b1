# expect: Safe-single-adapter line=7 reason~="one adapter per engine lifetime" reason~="(lora_int_id 1, 'adapters/fixed')"
"""The same folder, never written, for every prompt: a repeat is the same adapter."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True)
for prompt in ["x", "y", "z"]:
    llm.generate([prompt], SamplingParams(), lora_request=LoRARequest("fixed", 1, "adapters/fixed"))
