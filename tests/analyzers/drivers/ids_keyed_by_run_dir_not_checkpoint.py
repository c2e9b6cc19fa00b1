# expect: Affected line=15 reason~="lora_int_id 1 is reused without invalidation" reason~="checkpoint-500"
"""The id table beside this one keyed by the run folder instead of the checkpoint's: every
checkpoint of the run gets id 1, and the later ones are served the first."""
import sys

from vllm import LLM
from vllm.lora.request import LoRARequest

run_dir = sys.argv[1]
llm = LLM("m", enable_lora=True, max_loras=4)
ids = {}
for step in (250, 500, 750):
    path = f"{run_dir}/checkpoint-{step}"
    lora_id = ids.setdefault(run_dir, len(ids) + 1)
    llm.generate(["p"], lora_request=LoRARequest(f"ckpt-{lora_id}", lora_id, path))
