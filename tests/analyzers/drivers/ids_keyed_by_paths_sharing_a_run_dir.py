# expect: Safe-distinct-id line=16 reason~="3 distinct ids"
"""Checkpoint folders share an unknown run folder and differ in their known step suffix:
`f"{run_dir}/checkpoint-250"` is never `f"{run_dir}/checkpoint-500"`, so an id table keyed by
the folder gives each checkpoint its own id (no world may take two of them to be one)."""
import sys

from vllm import LLM
from vllm.lora.request import LoRARequest

run_dir = sys.argv[1]
llm = LLM("m", enable_lora=True, max_loras=4)
ids = {}
for step in (250, 500, 750):
    path = f"{run_dir}/checkpoint-{step}"
    lora_id = ids.setdefault(path, len(ids) + 1)
    llm.generate(["p"], lora_request=LoRARequest(f"ckpt-{lora_id}", lora_id, path))
