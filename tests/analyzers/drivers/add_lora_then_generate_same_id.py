# expect: Affected line=7 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'a'" reason~="4 of 6 requests are stale"
"""`add_lora` then generate with the same id-1 request per path: both calls hit the first adapter."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True)
for p in ["a", "b", "c"]:
    req = LoRARequest("x", 1, p)
    llm.llm_engine.add_lora(req)
    llm.generate(["q"], SamplingParams(), lora_request=req)
