import argparse
import os
import sys

import torch
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM, AutoTokenizer

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from policy import PolicyLoRARequest, ReplayBuffer, RolloutEngine  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="meta-llama/Llama-3.2-3B-Instruct")
    ap.add_argument("--out", default="runs/async_ppo")
    ap.add_argument("--versions", type=int, default=300)
    ns = ap.parse_args()

    tok = AutoTokenizer.from_pretrained(ns.model)
    model = get_peft_model(AutoModelForCausalLM.from_pretrained(ns.model, torch_dtype=torch.bfloat16).cuda(),
                           LoraConfig(r=64, lora_alpha=128, target_modules="all-linear"))
    opt = torch.optim.AdamW(model.parameters(), lr=1e-6)
    engine = RolloutEngine(ns.model)
    buffer = ReplayBuffer()
    prompts = [f"Give a step-by-step plan for task {i}." for i in range(64)]

    for version in range(ns.versions):
        path = os.path.join(ns.out, f"v{version:04d}")
        model.save_pretrained(path)
        buffer.extend(engine.rollout(prompts, PolicyLoRARequest.for_checkpoint(path, version)))
        batch = buffer.sample(version, 64)
        enc = tok([b["prompt"] + b["text"] for b in batch], return_tensors="pt", padding=True).to("cuda")
        adv = torch.tensor([len(b["text"]) / 400 for b in batch], device="cuda")
        lp = torch.log_softmax(model(**enc).logits[:, :-1].float(), -1)
        lp = lp.gather(-1, enc.input_ids[:, 1:, None]).squeeze(-1).sum(-1)
        loss = -(lp * (adv - adv.mean())).mean()
        loss.backward()
        opt.step()
        opt.zero_grad()


if __name__ == "__main__":
    main()
