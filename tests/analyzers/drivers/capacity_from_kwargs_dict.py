# expect: Affected line=18 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'ckpt/0'" reason~="3 of 6 requests are stale"
"""The cache size is built up in a kwargs dict (max_cpu_loras from a CLI default of 4): ids cycle
over 3 slots, so each is still cached when it returns with a new path."""
import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

parser = argparse.ArgumentParser()
parser.add_argument("--cpu-loras", type=int, default=4)
args = parser.parse_args()

engine_kwargs = dict(model="base", enable_lora=True, max_loras=2)
engine_kwargs["max_cpu_loras"] = args.cpu_loras
llm = LLM(**engine_kwargs)
checkpoints = [f"ckpt/{n}" for n in range(6)]
for i, checkpoint in enumerate(checkpoints):
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(f"c{i}", i % 3 + 1, checkpoint))
