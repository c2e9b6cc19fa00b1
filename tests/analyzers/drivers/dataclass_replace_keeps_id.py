# expect: Affected line=9 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'ckpt/100'" reason~="1 of 2 requests are stale"
"""A template request is copied with `dataclasses.replace` and a new path for every checkpoint; the id
stays 1, so the second copy is served the first path."""
import dataclasses

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

TEMPLATE = LoRARequest("policy", 1, "ckpt/0")

llm = LLM(model="base", enable_lora=True)
for step in (100, 200):
    request = dataclasses.replace(TEMPLATE, lora_path=f"ckpt/{step}")
    llm.generate(["q"], SamplingParams(), lora_request=request)
