import copy
import os
import random
from dataclasses import dataclass, field

import torch
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM


@dataclass
class Member:
    index: int
    adapter_dir: str
    lr: float
    score: float = 0.0
    history: list = field(default_factory=list)

    @property
    def lora_id(self) -> int:
        return self.index + 1


class Population:
    """Population-based training: each member owns one adapter folder, rewritten every generation."""

    def __init__(self, base_model: str, root: str, size: int = 3, seed: int = 0):
        self.rng = random.Random(seed)
        self.members = [Member(i, os.path.join(root, f"member_{i}"), lr=10 ** self.rng.uniform(-6, -4))
                        for i in range(size)]
        base = AutoModelForCausalLM.from_pretrained(base_model, torch_dtype=torch.bfloat16).cuda()
        self.model = get_peft_model(base, LoraConfig(r=16, lora_alpha=16, target_modules="all-linear"))
        self.states = {m.index: copy.deepcopy(self.model.state_dict()) for m in self.members}

    def train_member(self, m: Member, batch_fn, tok, steps: int = 20):
        self.model.load_state_dict(self.states[m.index])
        opt = torch.optim.AdamW([p for p in self.model.parameters() if p.requires_grad], lr=m.lr)
        for _ in range(steps):
            enc = tok(batch_fn(), return_tensors="pt", padding=True).to("cuda")
            loss = self.model(**enc, labels=enc.input_ids).loss
            loss.backward()
            opt.step()
            opt.zero_grad()
        self.states[m.index] = copy.deepcopy(self.model.state_dict())
        self.model.save_pretrained(m.adapter_dir)

    def exploit_explore(self):
        ranked = sorted(self.members, key=lambda m: m.score)
        worst, best = ranked[0], ranked[-1]
        self.states[worst.index] = copy.deepcopy(self.states[best.index])
        worst.lr = best.lr * self.rng.choice([0.8, 1.25])
