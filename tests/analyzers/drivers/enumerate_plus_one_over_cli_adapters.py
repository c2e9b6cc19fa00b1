# expect: Safe-distinct-id line=15 reason~="every lora_int_id maps to one adapter within each engine lifetime" reason~="3 distinct ids"
"""`index + 1` over the command-line adapters: every adapter path gets its own id."""
import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

parser = argparse.ArgumentParser()
parser.add_argument("--adapters", nargs="+", required=True)
parser.add_argument("--max-loras", type=int, default=2)
args = parser.parse_args()

llm = LLM(model="base", enable_lora=True, max_loras=args.max_loras)
for index, adapter in enumerate(args.adapters):
    request = LoRARequest(f"adapter-{index}", index + 1, adapter)
    llm.generate(["q"], SamplingParams(), lora_request=request)
