# expect: Affected line=9 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'a'" reason~="2 of 3 requests are stale"
"""Distinct ids at construction, then `request.lora_int_id = 1`: every request is served under id 1,
so the second path hits the first."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
for i, path in enumerate(["a", "b", "c"]):
    request = LoRARequest(f"r{i}", i + 1, path)
    request.lora_int_id = 1  # "normalise" ids for the logging dashboard
    llm.generate(["q"], SamplingParams(), lora_request=request)
