# expect: Affected line=12 reason~="lora_int_id args.lora_id is reused without invalidation in LLM" reason~="is served args.ckpts[0]" reason~="2 of 3 requests are stale"
"""A required --lora-id is unknown but fixed for the run: every checkpoint shares it."""
import argparse
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
p = argparse.ArgumentParser()
p.add_argument("--lora-id", type=int, required=True)
p.add_argument("--ckpts", nargs="+", required=True)
a = p.parse_args()
llm = LLM(model="b", enable_lora=True)
for c in a.ckpts:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", a.lora_id, c))
