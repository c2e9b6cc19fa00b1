# expect: Affected line=9 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'a'" reason~="2 of 3 requests are stale"
"""A new itertools.count(1) each iteration: next() is always 1."""
import itertools
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True)
for p in ["a", "b", "c"]:
    ids = itertools.count(1)
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", next(ids), p))
