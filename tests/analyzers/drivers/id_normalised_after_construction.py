# expect: Affected line=9 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'a'" reason~="2 of 3 requests are stale"
"""Ids i + 1 are overwritten with 1 'for logging' before serving: all three paths share id 1."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

PATHS = ["a", "b", "c"]
llm = LLM(model="base", enable_lora=True)
for i, path in enumerate(PATHS):
    req = LoRARequest(f"n{i}", i + 1, path)
    req.lora_int_id = 1  # "normalise" ids for logging
    llm.generate(["x"], SamplingParams(), lora_request=req)
