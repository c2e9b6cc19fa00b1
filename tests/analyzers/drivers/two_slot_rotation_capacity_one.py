# expect: Safe-by-eviction line=17 reason~="lora_int_id 1 comes back with a different adapter" reason~="evicted before every repeat (the LRU cache holds 1 adapter"
"""Two id slots rotate over the checkpoints; with one cache slot (and the default --slots 2), each id
is evicted by the other before it recurs."""
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
