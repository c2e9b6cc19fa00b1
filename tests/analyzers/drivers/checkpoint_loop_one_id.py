# expect: Affected
import os
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = [f"checkpoints/frac_{f}" for f in ("0.08", "0.16", "0.33", "0.5", "0.66", "1.0")]

llm = LLM(model="base", enable_lora=True)
for ck in CKPTS:
    req = LoRARequest("traj", 1, ck)
    llm.generate(["prompt"], SamplingParams(), lora_request=req)
