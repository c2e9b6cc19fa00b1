# expect: Safe-by-eviction
"""Ids repeat across epochs; the CLI default of 10 epochs (ids 1..10) against max_loras=4 keeps
every repeat evicted first."""
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
