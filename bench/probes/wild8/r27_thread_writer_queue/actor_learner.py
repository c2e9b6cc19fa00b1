import queue

import torch
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from ckpt import Publisher

BASE = "Qwen/Qwen2.5-0.5B-Instruct"


def latest(pub, current):
    try:
        while True:
            current = pub.out.get_nowait()
    except queue.Empty:
        return current


def main():
    model = get_peft_model(AutoModelForCausalLM.from_pretrained(BASE), LoraConfig(r=8))
    pub = Publisher(model, "/scratch/snapshots")
    pub.publish_once()
    pub.start()
    llm = LLM(model=BASE, enable_lora=True, max_lora_rank=8, max_loras=2)
    opt = torch.optim.AdamW(model.parameters(), 1e-5)
    version, folder = pub.out.get()
    for it in range(10_000):
        version, folder = latest(pub, (version, folder))
        req = LoRARequest(f"snap-{version}", version, folder)
        outs = llm.generate(["Plan a trip to Rome."] * 4, SamplingParams(max_tokens=64),
                            lora_request=req)
        loss = torch.zeros((), requires_grad=True) * len(outs)
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
