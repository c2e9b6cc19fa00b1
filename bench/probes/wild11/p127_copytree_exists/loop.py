"""On-policy loop: save the adapter under the run's live folder and roll out."""
import os
import shutil
from pathlib import Path

from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

RUN_DIR = "/scratch/runs/ppo-7"
LIVE = "/dev/shm/live_policy"


def main() -> None:
    policy = get_peft_model(AutoModelForCausalLM.from_pretrained("Qwen/Qwen2.5-0.5B"), LoraConfig(r=8))
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for step in range(10):
        policy.save_pretrained(f"{RUN_DIR}/step-{step}")
        shutil.copytree(f"{RUN_DIR}/step-{step}", LIVE)
        req = LoRARequest("policy", 1, LIVE)
        print(step, llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))


if __name__ == "__main__":
    main()
