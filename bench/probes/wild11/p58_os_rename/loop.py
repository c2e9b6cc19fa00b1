"""On-policy loop: train a step, publish the adapter to the live folder, roll out."""
import os
import shutil
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

LIVE = "/dev/shm/live_adapter"


def main() -> None:
    policy = get_peft_model(AutoModelForCausalLM.from_pretrained("Qwen/Qwen2.5-0.5B"), LoraConfig(r=8))
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    sp = SamplingParams(max_tokens=64)
    for step in range(20):
        staging = f"/ckpt/staging-{step}"
        policy.save_pretrained(staging)
        shutil.rmtree(LIVE, ignore_errors=True)
        os.rename(staging, LIVE)
        req = LoRARequest("live", 1, LIVE)
        outs = llm.generate(["Solve: 17*3"], sp, lora_request=req)
        print(step, outs[0].outputs[0].text)


if __name__ == "__main__":
    main()
