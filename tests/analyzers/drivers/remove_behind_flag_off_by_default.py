# expect: Affected line=12 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'a'" reason~="2 of 3 requests are stale"
"""remove_lora runs only with --reload, off by default: without it every checkpoint after the first
is served the first."""
import argparse
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
p = argparse.ArgumentParser()
p.add_argument("--reload", action="store_true")
a = p.parse_args()
llm = LLM(model="b", enable_lora=True)
for ckpt in ["a", "b", "c"]:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("s", 1, ckpt))
    if a.reload:
        llm.llm_engine.remove_lora(1)
