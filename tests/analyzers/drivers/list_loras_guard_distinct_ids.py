# expect: Safe-distinct-id
"""The request only refers to an adapter the engine may already hold; loading decides."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

ADAPTERS = {"sql": "adapters/sql-v3", "summarise": "adapters/sum-v1"}

llm = LLM(model="base", enable_lora=True, max_loras=2)
for lora_id, (name, path) in enumerate(ADAPTERS.items(), start=1):
    request = LoRARequest(name, lora_id, path)
    if lora_id not in llm.llm_engine.list_loras():
        llm.llm_engine.add_lora(request)
    llm.generate([f"{name}: hello"], SamplingParams(), lora_request=request)
