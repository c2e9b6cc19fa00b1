import os
import shutil

import torch
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM, AutoTokenizer


class Learner:
    def __init__(self, model: str, root: str, keep_last: int = 3):
        self.root = root
        self.keep_last = keep_last
        self.saved = []
        self.tok = AutoTokenizer.from_pretrained(model)
        self.tok.pad_token = self.tok.pad_token or self.tok.eos_token
        base = AutoModelForCausalLM.from_pretrained(model, torch_dtype=torch.bfloat16).to("cuda:1")
        self.model = get_peft_model(base, LoraConfig(r=16, lora_alpha=16, target_modules="all-linear"))
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=3e-6)

    def publish(self, step: int) -> str:
        path = os.path.join(self.root, f"learner_step_{step:07d}")
        self.model.save_pretrained(path)
        self.saved.append(path)
        while len(self.saved) > self.keep_last:
            shutil.rmtree(self.saved.pop(0), ignore_errors=True)
        return path

    def learn(self, batch, reward_fn):
        texts = [p + c for p, c, _ in batch]
        r = torch.tensor([reward_fn(p, c) for p, c, _ in batch], device="cuda:1")
        enc = self.tok(texts, return_tensors="pt", padding=True).to("cuda:1")
        lp = torch.log_softmax(self.model(**enc).logits[:, :-1].float(), -1)
        lp = lp.gather(-1, enc.input_ids[:, 1:, None]).squeeze(-1).sum(-1)
        loss = -(lp * (r - r.mean())).mean()
        loss.backward()
        self.opt.step()
        self.opt.zero_grad()
        return loss.item()
