# expect: Safe-by-eviction line=19 reason~="lora_int_id 1 comes back with a different adapter" reason~="evicted before every repeat (the LRU cache holds 4 adapters"
"""Ids 1..10 repeat across seeds with new paths; at the CLI default of 10 epochs against
max_loras=4, every id is evicted by LRU before it comes back (the evidence names the default)."""
import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

parser = argparse.ArgumentParser()
parser.add_argument("--n-epochs", type=int, default=10)
parser.add_argument("--run", default="runs/sweep")
parser.add_argument("--seeds", type=int, default=2)
args = parser.parse_args()

llm = LLM(model="base", enable_lora=True, max_loras=4)
for seed in range(args.seeds):
    for epoch in range(args.n_epochs):
        path = f"{args.run}/seed{seed}/epoch{epoch}"
        llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(f"e{epoch}", epoch + 1, path))
