# expect: Safe-distinct-id line=21 reason~="5 distinct ids"
"""A 200 x 200 lookup table built before serving: it touches no engine, request or path.

Its loop is summarised (the table becomes unknown) instead of costing 40,000 iterations in
every world; the adapters keep ids 1..5, one path each, whichever are skipped.
"""
import os

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

scores = {}
for row in range(200):
    for col in range(200):
        scores[f"{row}/{col}"] = row * col + 1
llm = LLM(model="m", enable_lora=True)
for index in range(1, 6):
    path = f"out/adapter_{index}"
    if not os.path.isdir(path):
        continue
    llm.generate(["p"], SamplingParams(), lora_request=LoRARequest(path, index, path))
    print(scores.get(path, 0))
