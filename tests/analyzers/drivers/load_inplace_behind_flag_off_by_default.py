# expect: Affected line=11 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'a'" reason~="2 of 3 requests are stale"
"""load_inplace comes from --inplace, off by default: without it the cached id is served."""
import argparse
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
ap = argparse.ArgumentParser()
ap.add_argument("--inplace", action="store_true")
args = ap.parse_args()
llm = LLM(model="b", enable_lora=True)
for p in ["a", "b", "c"]:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", 1, p, load_inplace=args.inplace))
