# expect: Safe-single-adapter line=20 reason~="one adapter per engine lifetime"
"""The guard of `saved_into_the_directory_it_changed_to.py`: the process moves to a scratch
folder and saves `"./scratch-{step}"` there, never into LIVE, which the one request names and
nothing rewrites."""
import os

from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

LIVE = "/dev/shm/live_adapter"

policy = get_peft_model(AutoModelForCausalLM.from_pretrained("Qwen/Qwen2.5-0.5B"), LoraConfig(r=8))
llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
os.chdir("/dev/shm/scratch")
for step in range(20):
    policy.save_pretrained(f"./scratch-{step}")
    outs = llm.generate(
        ["Solve: 17*3"], SamplingParams(max_tokens=64), lora_request=LoRARequest("live", 1, LIVE)
    )
    print(step, outs[0].outputs[0].text)
