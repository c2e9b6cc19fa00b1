import ray
import torch
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM

import settings
from actor import Actor
from naming import versioned


def main():
    ray.init()
    actor = Actor.remote()
    model = get_peft_model(AutoModelForCausalLM.from_pretrained(settings.BASE), LoraConfig(r=16))
    opt = torch.optim.AdamW(model.parameters(), 1e-5)
    for step in range(1000):
        model.save_pretrained(versioned(step)[1])
        texts = ray.get(actor.act.remote(["Solve x+3=5."] * 8, step))
        loss = torch.zeros((), requires_grad=True) * len(texts)
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
