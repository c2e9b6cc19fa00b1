# expect: Indeterminate line=22 reason~="if they are equal, the second request is served the first adapter"
"""Steps name both the id and the folder, but each step first saves new weights into its
folder: two equal steps are one folder rewritten under one id, which is stale, so equal ids are
no harmless repeat here."""
import argparse
from pathlib import Path

from peft import AutoPeftModelForCausalLM
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

parser = argparse.ArgumentParser()
parser.add_argument("--run-dir", required=True)
parser.add_argument("--steps", required=True)
args = parser.parse_args()
steps = [int(s.strip()) for s in args.steps.split(",") if s.strip()]
policy = AutoPeftModelForCausalLM.from_pretrained(args.run_dir)
llm = LLM(model="base", enable_lora=True, max_loras=1)
for step in steps:
    adapter = Path(args.run_dir) / f"checkpoint-{step}"
    policy.save_pretrained(str(adapter))
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("policy", step, str(adapter)))
