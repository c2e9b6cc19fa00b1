"""On-policy loop: train a step, save the adapter, roll out with it."""
import os
from pathlib import Path

from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

RUN_DIR = "runs/exp1"
os.makedirs(RUN_DIR, exist_ok=True)
SAVE_DIR = os.path.join(RUN_DIR, "..", "live")
SERVE_DIR = "runs/live"


def main() -> None:
    policy = get_peft_model(AutoModelForCausalLM.from_pretrained("Qwen/Qwen2.5-0.5B"), LoraConfig(r=8))
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    sp = SamplingParams(max_tokens=64)
    for step in range(20):
        policy.save_pretrained(SAVE_DIR)
        req = LoRARequest("live", 1, SERVE_DIR)
        outs = llm.generate(["Solve: 17*3"], sp, lora_request=req)
        print(step, outs[0].outputs[0].text)


if __name__ == "__main__":
    main()
