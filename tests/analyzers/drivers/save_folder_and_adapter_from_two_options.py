# expect: Indeterminate line=19 reason~="it is stale only if a save into an unknown"
"""`--save_to` and `--adapter` are two options, and the loop saves into one and serves the other
under id 1: a user who gives both one folder is served the first weights. Distinct inputs were
taken for distinct folders (Safe-single-adapter)."""
import argparse

from transformers import AutoModelForCausalLM
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

parser = argparse.ArgumentParser()
parser.add_argument("--adapter")
parser.add_argument("--save_to")
args = parser.parse_args()
model = AutoModelForCausalLM.from_pretrained("base")
llm = LLM("base", enable_lora=True)
for step in range(2):
    model.save_pretrained(args.save_to)
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("policy", 1, args.adapter))
