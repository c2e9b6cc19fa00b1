# expect: Affected line=21 reason~="is reused without invalidation" reason~="only with the command line giving --n-epochs, --run, --seeds (otherwise Safe-by-eviction)"
"""Ids 1..n repeat across seeds with new paths. At the CLI default of 10 epochs against
max_loras=4, every id is evicted by LRU before it comes back; with --n-epochs 4 or fewer, the
second seed's epochs are served the first seed's. A default is one value a user may give, not
the only one: the row is Affected, and says which flags and what the defaults give."""
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
