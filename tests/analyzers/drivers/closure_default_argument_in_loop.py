# expect: Affected line=8 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'a'" reason~="2 of 3 requests are stale"
"""A closure defined in the loop binds each path as a default, but the id is still 1."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True)
for p in ["a", "b", "c"]:
    def go(path=p):
        return llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", 1, path))
    go()
