# expect: Affected line=14 reason~="only with the command line giving --ckpts"
"""A list option's default is one candidate: `--ckpts step100 step200` evaluates two
checkpoints under id 1 on one engine, and the second is served the first."""
import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

parser = argparse.ArgumentParser()
parser.add_argument("--ckpts", nargs="+", default=["ckpt/final"])
args = parser.parse_args()
llm = LLM(model="base", enable_lora=True)
for ckpt in args.ckpts:
    llm.generate(["hi"], SamplingParams(), lora_request=LoRARequest("a", 1, ckpt))
