# expect: Affected line=17 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'sweep/epoch_0'" reason~="6 of 22 requests are stale"
"""16 epochs under ids 1..16, then reruns of the first six under ids 1..6 with a CLI cache of 16:
the rerun ids are still cached and serve the first runs."""
import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

parser = argparse.ArgumentParser()
parser.add_argument("--max-loras", type=int, default=16)
args = parser.parse_args()

llm = LLM(model="base", enable_lora=True, max_loras=args.max_loras)
paths = [f"sweep/epoch_{e}" for e in range(16)] + [f"sweep/epoch_{e}_rerun" for e in range(6)]
ids = list(range(1, 17)) + list(range(1, 7))
for lora_id, path in zip(ids, paths):
    llm.generate(["x"], SamplingParams(), lora_request=LoRARequest(f"e{lora_id}", lora_id, path))
