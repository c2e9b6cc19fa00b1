# expect: Safe-distinct-id line=20 reason~="every lora_int_id maps to one adapter"
"""Steps from the command line are both the id and the checkpoint's folder name: where two
steps are equal (`--steps 100,100`) their folders are too, so the repeat is a hit of the same
adapter, not a stale one."""
import argparse
from pathlib import Path

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

parser = argparse.ArgumentParser()
parser.add_argument("--run-dir", required=True)
parser.add_argument("--steps", required=True)
args = parser.parse_args()
steps = [int(s.strip()) for s in args.steps.split(",") if s.strip()]
llm = LLM(model="base", enable_lora=True, max_loras=1)
for step in steps:
    adapter = Path(args.run_dir) / f"checkpoint-{step}"
    llm.generate(
        ["q"], SamplingParams(), lora_request=LoRARequest(f"step-{step}", step, str(adapter))
    )
