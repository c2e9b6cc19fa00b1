import time

import torch
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM

from rollout import Sampler

BASE = "Qwen/Qwen2.5-0.5B"


def main():
    model = get_peft_model(AutoModelForCausalLM.from_pretrained(BASE), LoraConfig(r=8))
    opt = torch.optim.AdamW(model.parameters(), 1e-5)
    sampler = Sampler(BASE)
    run = time.strftime("%Y%m%d-%H%M%S")
    for step in range(500):
        folder = f"/scratch/{run}/step{step}"
        model.save_pretrained(folder)
        texts = sampler.sample(["Hello!"] * 8, folder)
        loss = torch.zeros((), requires_grad=True) * len(texts)
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
