# expect: Affected line=32 reason~="lora_int_id 7 is reused without invalidation"
"""The serving branch comes after many undecidable conditions that only count things.

Thirty-six of them come first; a depth-first search in program order spends its 32 worlds on
them and never takes the `else` that serves. The search tries first the decisions whose branches
name a request, so the second world reaches it: each round serves a new folder under
lora_int_id 7 on one engine, without invalidation (stale from the second round).
"""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from outside import load_settings  # not part of this repository

settings = load_settings()

flags = 0
for group in settings.groups:  # unknown lengths: each condition below is a run-time one
    for item in group.items:
        if item.a:
            flags += 1
        if item.b:
            flags += 2
        if item.c:
            flags += 4
        if item.d:
            flags += 8
if settings.remote:
    print(flags)
else:
    llm = LLM(model="m", enable_lora=True)
    for round_index in range(3):
        llm.generate(["p"], SamplingParams(), lora_request=LoRARequest("r", 7, f"ckpt/{round_index}"))
