import os
from dataclasses import dataclass

import torch
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM, AutoTokenizer

from weight_sync import RolloutServerClient


@dataclass
class LoopConfig:
    model: str = "Qwen/Qwen2.5-7B-Instruct"
    server: str = "http://localhost:8000"
    adapter_name: str = "policy"
    save_root: str = "/shared/rl_adapters"
    steps: int = 1000
    group: int = 4


def run(cfg: LoopConfig, prompts, reward_fn):
    client = RolloutServerClient(cfg.server)
    client.wait_ready()
    tok = AutoTokenizer.from_pretrained(cfg.model)
    model = get_peft_model(
        AutoModelForCausalLM.from_pretrained(cfg.model, torch_dtype=torch.bfloat16, device_map="auto"),
        LoraConfig(r=64, lora_alpha=128, target_modules="all-linear"),
    )
    opt = torch.optim.AdamW(model.parameters(), lr=1e-6)
    for step in range(cfg.steps):
        path = os.path.join(cfg.save_root, f"step_{step:05d}")
        model.save_pretrained(path)
        client.push_adapter(cfg.adapter_name, path)
        groups = client.complete(cfg.adapter_name, prompts, n=cfg.group)
        rewards = torch.tensor([[reward_fn(p, c) for c in g] for p, g in zip(prompts, groups)])
        adv = (rewards - rewards.mean(1, keepdim=True)).flatten()
        texts = [p + c for p, g in zip(prompts, groups) for c in g]
        enc = tok(texts, return_tensors="pt", padding=True).to(model.device)
        lp = torch.log_softmax(model(**enc).logits[:, :-1].float(), -1)
        lp = lp.gather(-1, enc.input_ids[:, 1:, None]).squeeze(-1).sum(-1)
        (-(lp * adv.to(lp.device)).mean()).backward()
        opt.step()
        opt.zero_grad()
