# expect: Affected line=12 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served args.ckpts[0]" reason~="2 of 3 requests are stale"
"""--lora-id defaults to 1 and is the same for every checkpoint: the second is served the first."""
import argparse
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
p = argparse.ArgumentParser()
p.add_argument("--lora-id", type=int, default=1)
p.add_argument("--ckpts", nargs="+", required=True)
a = p.parse_args()
llm = LLM(model="b", enable_lora=True)
for c in a.ckpts:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", a.lora_id, c))
