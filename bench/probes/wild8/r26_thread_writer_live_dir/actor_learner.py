import threading

import torch
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from ckpt import LIVE_DIR, CheckpointWriter

BASE = "Qwen/Qwen2.5-0.5B-Instruct"


def main():
    model = get_peft_model(AutoModelForCausalLM.from_pretrained(BASE), LoraConfig(r=8))
    lock = threading.Lock()
    with lock:
        model.save_pretrained(LIVE_DIR)
    writer = CheckpointWriter(model, lock)
    writer.start()
    llm = LLM(model=BASE, enable_lora=True, max_lora_rank=8)
    opt = torch.optim.AdamW(model.parameters(), 1e-5)
    for it in range(10_000):
        with lock:
            outs = llm.generate(["Plan a trip to Rome."] * 4, SamplingParams(max_tokens=64),
                                lora_request=LoRARequest("live", 1, LIVE_DIR))
            loss = torch.zeros((), requires_grad=True) * len(outs)
            loss.backward()
            opt.step()
    writer.stop.set()


if __name__ == "__main__":
    main()
