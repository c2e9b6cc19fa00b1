# expect: Affected line=20 reason~="is rewritten at"
"""`os.chdir(LIVE)` then `save_pretrained(".")`: the relative folder is LIVE, so every step
rewrites the folder id 1 was loaded from, and vLLM keeps serving the first copy."""
import os

from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

LIVE = "/dev/shm/live_adapter"

policy = get_peft_model(AutoModelForCausalLM.from_pretrained("Qwen/Qwen2.5-0.5B"), LoraConfig(r=8))
llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
for step in range(20):
    os.makedirs(LIVE, exist_ok=True)
    os.chdir(LIVE)
    policy.save_pretrained(".")
    outs = llm.generate(
        ["Solve: 17*3"], SamplingParams(max_tokens=64), lora_request=LoRARequest("live", 1, LIVE)
    )
    print(step, outs[0].outputs[0].text)
