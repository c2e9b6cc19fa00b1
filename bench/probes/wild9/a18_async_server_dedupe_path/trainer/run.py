import argparse
from concurrent.futures import ThreadPoolExecutor

import requests
import torch
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM, AutoTokenizer

from trainer.sync import WeightPusher


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="Qwen/Qwen2.5-7B-Instruct")
    ap.add_argument("--server", default="http://rollout:8100")
    ap.add_argument("--sync-dir", default="/shared/policy_sync")
    ap.add_argument("--steps", type=int, default=500)
    ns = ap.parse_args()
    tok = AutoTokenizer.from_pretrained(ns.model)
    model = get_peft_model(AutoModelForCausalLM.from_pretrained(ns.model, torch_dtype=torch.bfloat16).cuda(),
                           LoraConfig(r=32, lora_alpha=64, target_modules="all-linear"))
    opt = torch.optim.AdamW(model.parameters(), lr=1e-6)
    pusher = WeightPusher(ns.server, ns.sync_dir)
    prompts = [f"Prove that {i}^2 >= 0." for i in range(32)]
    pool = ThreadPoolExecutor(16)
    for step in range(ns.steps):
        version = pusher.push(model)
        resps = list(pool.map(lambda p: requests.post(f"{ns.server}/generate", json={"prompt": p, "n": 4}).json(),
                              prompts))
        texts = [p + t for p, r in zip(prompts, resps) for t in r["texts"]]
        rewards = torch.tensor([float("therefore" in t.lower()) for t in texts], device="cuda")
        enc = tok(texts, return_tensors="pt", padding=True).to("cuda")
        lp = torch.log_softmax(model(**enc).logits[:, :-1].float(), -1)
        lp = lp.gather(-1, enc.input_ids[:, 1:, None]).squeeze(-1).sum(-1)
        loss = -(lp * (rewards - rewards.mean())).mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
        print(f"step {step} version {version} loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
