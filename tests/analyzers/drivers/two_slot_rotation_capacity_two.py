# expect: Affected line=16 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served args.checkpoints[0]" reason~="3 of 5 requests are stale"
"""The same two-slot rotation with a cache of two adapters: slot 1 is still resident when it comes
back with the third checkpoint."""
import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

parser = argparse.ArgumentParser()
parser.add_argument("--checkpoints", nargs="+", required=True)
args = parser.parse_args()

llm = LLM(model="base", enable_lora=True, max_loras=2)
for i, checkpoint in enumerate(args.checkpoints):
    slot = i % 2 + 1
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(f"slot{slot}", slot, checkpoint))
