# expect: Indeterminate line=18 reason~="only with the command line giving --slots (otherwise Safe-by-eviction)"
"""Two id slots rotate over the checkpoints; with one cache slot and the default --slots 2, each
id is evicted by the other before it recurs. With --slots 1 every checkpoint reuses one id, which
the cache still holds: the row says the verdict rests on the flag."""
import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

parser = argparse.ArgumentParser()
parser.add_argument("--checkpoints", nargs="+", required=True)
parser.add_argument("--slots", type=int, default=2)
args = parser.parse_args()

llm = LLM(model="base", enable_lora=True, max_loras=1)
for i, checkpoint in enumerate(args.checkpoints):
    slot = i % args.slots + 1
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(f"slot{slot}", slot, checkpoint))
