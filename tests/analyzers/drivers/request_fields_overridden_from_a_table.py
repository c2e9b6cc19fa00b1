# expect: Affected line=12 reason~="lora_int_id 1 is reused without invalidation"
"""Overrides kept in a table are applied with `setattr` in a loop: the id of every
checkpoint's request becomes 1."""
import sys

from vllm import LLM
from vllm.lora.request import LoRARequest

OVERRIDES = {"lora_int_id": 1}
llm = LLM(model="base", enable_lora=True)
for i, ckpt in enumerate(sys.argv[1:]):
    req = LoRARequest(f"c{i}", i + 1, ckpt)
    for key, value in OVERRIDES.items():
        setattr(req, key, value)
    print(llm.generate(["hi"], lora_request=req))
