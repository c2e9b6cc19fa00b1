# expect: Affected line=9 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'a'" reason~="2 of 3 requests are stale"
"""The counter is reset inside the loop, so it is 1 for every path."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True)
for p in ["a", "b", "c"]:
    counter = 0
    counter += 1
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", counter, p))
