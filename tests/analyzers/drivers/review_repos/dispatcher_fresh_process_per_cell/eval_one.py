"""Serves one --adapter for three prompts under id 1: each repeat is the same adapter."""

import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

parser = argparse.ArgumentParser()
parser.add_argument("--adapter", required=True)
args = parser.parse_args()
llm = LLM(model="base", enable_lora=True)
for prompt in ["a", "b", "c"]:
    llm.generate([prompt], SamplingParams(), lora_request=LoRARequest("one", 1, args.adapter))
