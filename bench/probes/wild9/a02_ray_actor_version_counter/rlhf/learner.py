import os

import torch
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM, AutoTokenizer


class Learner:
    def __init__(self, model: str, ckpt_root: str, lr: float = 2e-5):
        self.tok = AutoTokenizer.from_pretrained(model)
        base = AutoModelForCausalLM.from_pretrained(model, torch_dtype=torch.bfloat16, device_map="cuda")
        self.model = get_peft_model(base, LoraConfig(r=32, lora_alpha=64, task_type="CAUSAL_LM"))
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=lr)
        self.ckpt_root = ckpt_root

    def save(self, step: int) -> str:
        path = os.path.join(self.ckpt_root, f"step_{step:06d}")
        self.model.save_pretrained(path)
        return path

    def update(self, prompts, completions, rewards):
        texts = [p + c for p, c in zip(prompts, completions)]
        enc = self.tok(texts, return_tensors="pt", padding=True).to("cuda")
        out = self.model(**enc, labels=enc.input_ids)
        adv = torch.tensor(rewards, device="cuda") - sum(rewards) / len(rewards)
        loss = out.loss * adv.mean()
        loss.backward()
        self.opt.step()
        self.opt.zero_grad()
        return loss.item()
