# expect: Safe-distinct-id line=11 reason~="every lora_int_id maps to one adapter within each engine lifetime" reason~="3 distinct ids"
"""Ids from `len(pool) + 1` on a dict that only grows: a repeated path gets its own earlier id."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

pool: dict[str, int] = {}
llm = LLM(model="base", enable_lora=True, max_loras=8)
for path in ["p/1", "p/2", "p/1", "p/3"]:
    if path not in pool:
        pool[path] = len(pool) + 1
    llm.generate(["x"], SamplingParams(), lora_request=LoRARequest(path, pool[path], path))
