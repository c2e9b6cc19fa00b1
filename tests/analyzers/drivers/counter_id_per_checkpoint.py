# expect: Safe-distinct-id line=14 reason~="every lora_int_id maps to one adapter within each engine lifetime" reason~="3 distinct ids"
"""A counter incremented before each request gives every checkpoint its own id."""
from pathlib import Path

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

RUN_DIR = Path("outputs/run-7")

llm = LLM(model="base", enable_lora=True)
next_id = 0
for checkpoint in sorted(RUN_DIR.glob("checkpoint-*")):
    next_id += 1
    llm.generate(["prompt"], SamplingParams(), lora_request=LoRARequest(checkpoint.name, next_id, str(checkpoint)))
