# expect: Affected line=15 reason~="lora_int_id 1 is reused"
"""The guard of `lora_off_engine_refuses_every_request.py`: LoRA is on or off by a flag the
analysis cannot read, so the engine may serve every checkpoint under id 1."""
import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

parser = argparse.ArgumentParser()
parser.add_argument("--lora", action="store_true")
parser.add_argument("ckpts", nargs="+")
args = parser.parse_args()
llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=args.lora)
for ckpt in args.ckpts:
    request = LoRARequest("cand", 1, ckpt)
    print(llm.generate(["q"], SamplingParams(), lora_request=request))
