# expect: Safe-distinct-id line=8 reason~="every lora_int_id maps to one adapter within each engine lifetime" reason~="3 distinct ids"
"""`enumerate(ADAPTERS.items(), start=1)`: one id per adapter."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
ADAPTERS = {"math": "a/math", "code": "a/code", "chat": "a/chat"}
llm = LLM(model="b", enable_lora=True, max_loras=3)
for i, (name, path) in enumerate(ADAPTERS.items(), start=1):
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(name, i, path))
