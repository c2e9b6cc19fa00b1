# expect: Indeterminate line=18 reason~="if they are equal, the second request is served the first adapter"
"""The ids and the folders come from two lists: equal steps say nothing of the folders, so two
equal steps for two folders serve the first folder twice."""
import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

parser = argparse.ArgumentParser()
parser.add_argument("--steps", required=True)
parser.add_argument("--folders", required=True)
args = parser.parse_args()
steps = [int(s) for s in args.steps.split(",")]
folders = args.folders.split(",")
llm = LLM(model="base", enable_lora=True, max_loras=1)
for step, folder in zip(steps, folders):
    llm.generate(
        ["q"], SamplingParams(), lora_request=LoRARequest(f"step-{step}", step, folder)
    )
