# expect: Indeterminate line=18 reason~="(args.max_loras, only known at run time): with 1 adapter, Safe-by-eviction; with more, Affected"
"""The same sweep with max_loras from the command line (default 1): with one slot every id is
evicted long before its rerun, with enough slots the rerun is served the first run's folders.
The row names the flag and what each cache size gives."""
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
