# expect: Safe-single-adapter line=18 reason~="one adapter per engine lifetime"
"""`if args.merged:` and `if not args.merged:` are two tests of one input: a world answers both
consistently, so a run serves either the merged adapter or the raw one under id 1, never both
on one engine (Safe-single-adapter). Answering them independently would invent a run that
serves both under id 1 and report a stale serve that cannot happen."""
import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

parser = argparse.ArgumentParser()
parser.add_argument("--merged", action="store_true")
args = parser.parse_args()
llm = LLM(model="base", enable_lora=True)
if args.merged:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("m", 1, "out/merged"))
if not args.merged:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("r", 1, "out/raw"))
