# expect: Affected line=12 reason~="a memoised LoRARequest (lora_int_id 1) is reused" reason~="the request for 'ckpt/1' at request_kept_by_setdefault.py:13 is served 'ckpt/0'"
"""`setdefault` hands back the request kept for the name: the one just built for the new
checkpoint is dropped, and every step is served the first folder."""
import itertools
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

ids = itertools.count(1)
reqs = {}
llm = LLM(model="base", enable_lora=True, max_loras=4)
for step in range(3):
    req = reqs.setdefault("policy", LoRARequest("policy", next(ids), f"ckpt/{step}"))
    llm.generate(["q"], SamplingParams(), lora_request=req)
