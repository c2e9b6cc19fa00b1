# expect: Affected line=8 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'a'" reason~="2 of 3 requests are stale"
"""`LoRARequest(lora_path=p, **kw)` with lora_int_id=1 in kw: every path shares id 1."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
kw = dict(lora_name="x", lora_int_id=1)
llm = LLM(model="b", enable_lora=True)
for p in ["a", "b", "c"]:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(lora_path=p, **kw))
