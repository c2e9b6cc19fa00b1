# expect: Affected line=8 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'a'" reason~="2 of 3 requests are stale"
"""`remove_lora(2)` while the requests use id 1: nothing is evicted, so the second path is served
the first."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True, max_cpu_loras=4)
for p in ["a", "b", "c"]:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", 1, p))
    llm.llm_engine.remove_lora(2)
