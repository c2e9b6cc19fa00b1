# expect: Affected
"""A template request is copied with a new path for every checkpoint; the id stays 1."""
import dataclasses

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

TEMPLATE = LoRARequest("policy", 1, "ckpt/0")

llm = LLM(model="base", enable_lora=True)
for step in (100, 200):
    request = dataclasses.replace(TEMPLATE, lora_path=f"ckpt/{step}")
    llm.generate(["q"], SamplingParams(), lora_request=request)
