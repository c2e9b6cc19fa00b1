"""Serves every checkpoint on its command line through one engine under id 1."""

import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
for ckpt in sys.argv[1:]:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("many", 1, ckpt))
