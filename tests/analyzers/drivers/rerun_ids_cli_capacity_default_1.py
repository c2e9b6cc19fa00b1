# expect: Safe-by-eviction line=17 reason~="lora_int_id 1 comes back with a different adapter" reason~="evicted before every repeat (the LRU cache holds 1 adapter"
"""The same sweep with the CLI default max_loras of 1: every id is evicted long before its rerun
(the evidence names the default)."""
import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

parser = argparse.ArgumentParser()
parser.add_argument("--max-loras", type=int, default=1)
args = parser.parse_args()

llm = LLM(model="base", enable_lora=True, max_loras=args.max_loras)
paths = [f"sweep/epoch_{e}" for e in range(16)] + [f"sweep/epoch_{e}_rerun" for e in range(6)]
ids = list(range(1, 17)) + list(range(1, 7))
for lora_id, path in zip(ids, paths):
    llm.generate(["x"], SamplingParams(), lora_request=LoRARequest(f"e{lora_id}", lora_id, path))
