# expect: Affected line=9 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'a'" reason~="2 of 3 requests are stale"
"""`functools.partial(LoRARequest, 'x', 1)` fixes the id at 1 for every path."""
import functools
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
make = functools.partial(LoRARequest, "x", 1)
llm = LLM(model="b", enable_lora=True)
for p in ["a", "b", "c"]:
    llm.generate(["q"], SamplingParams(), lora_request=make(p))
