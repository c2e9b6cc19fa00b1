# expect: Safe-distinct-id
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
ADAPTERS = {"math": "a/math", "code": "a/code", "chat": "a/chat"}
llm = LLM(model="b", enable_lora=True, max_loras=3)
for i, (name, path) in enumerate(ADAPTERS.items(), start=1):
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(name, i, path))
