# expect: Affected line=7 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'a'" reason~="2 of 3 requests are stale"
"""All requests are built first (id 1 each) and served in a later loop: the second is served the
first."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
paths = ["a", "b", "c"]
reqs = [LoRARequest("same", 1, p) for p in paths]
llm = LLM(model="b", enable_lora=True)
for r in reqs:
    llm.generate(["q"], SamplingParams(), lora_request=r)
