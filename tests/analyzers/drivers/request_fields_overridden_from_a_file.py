# expect: Indeterminate line=13 reason~="lora_int_id comes from the lora_int_id after `setattr(req, key, value)`"
"""Overrides read from a JSON file are applied with `setattr`: which field they set is known
only at run time, so the id may be any value (was Safe-distinct-id: the write was dropped)."""
import json
import sys

from vllm import LLM
from vllm.lora.request import LoRARequest

overrides = json.load(open(sys.argv[1]))
llm = LLM(model="base", enable_lora=True)
for i, ckpt in enumerate(sys.argv[2:]):
    req = LoRARequest(f"c{i}", i + 1, ckpt)
    for key, value in overrides.items():
        setattr(req, key, value)
    print(llm.generate(["hi"], lora_request=req))
