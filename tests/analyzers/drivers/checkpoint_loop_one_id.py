# expect: Affected line=12 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'checkpoints/frac_0.08'" reason~="5 of 6 requests are stale"
"""Six checkpoints through one engine under lora_int_id 1 (the published bug): every request after
the first hits the cached id and is served the first checkpoint."""
import os
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = [f"checkpoints/frac_{f}" for f in ("0.08", "0.16", "0.33", "0.5", "0.66", "1.0")]

llm = LLM(model="base", enable_lora=True)
for ck in CKPTS:
    req = LoRARequest("traj", 1, ck)
    llm.generate(["prompt"], SamplingParams(), lora_request=req)
