# expect: Safe-distinct-id line=11 reason~="every lora_int_id maps to one adapter within each engine lifetime" reason~="2 distinct ids"
"""Ids from `enumerate(..., start=1)`, added only when `list_loras()` lacks them: whatever the guard
decides, each id names one adapter."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

ADAPTERS = {"sql": "adapters/sql-v3", "summarise": "adapters/sum-v1"}

llm = LLM(model="base", enable_lora=True, max_loras=2)
for lora_id, (name, path) in enumerate(ADAPTERS.items(), start=1):
    request = LoRARequest(name, lora_id, path)
    if lora_id not in llm.llm_engine.list_loras():
        llm.llm_engine.add_lora(request)
    llm.generate([f"{name}: hello"], SamplingParams(), lora_request=request)
