# expect: Affected line=8 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served glob.glob('checkpoints/*')[0]" reason~="2 of 3 requests are stale"
"""Globbed checkpoints served under id 1 on one engine: the second is served the first."""
import glob
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True)
for p in sorted(glob.glob("checkpoints/*")):
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", 1, p))
