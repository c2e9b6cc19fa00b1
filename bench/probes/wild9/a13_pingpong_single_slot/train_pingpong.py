import argparse

import torch
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM, AutoTokenizer

from pingpong import MODEL, BufferPair, RolloutWorker


def reward(completion: str) -> float:
    return -completion.count("!")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=400)
    ns = ap.parse_args()
    tok = AutoTokenizer.from_pretrained(MODEL)
    policy = get_peft_model(AutoModelForCausalLM.from_pretrained(MODEL, torch_dtype=torch.bfloat16).cuda(),
                            LoraConfig(r=16, lora_alpha=16, target_modules=["qkv_proj", "o_proj"]))
    opt = torch.optim.AdamW(policy.parameters(), lr=1e-5)
    buffers = BufferPair()
    worker = RolloutWorker()
    prompts = [f"Write a calm reply to complaint #{i}." for i in range(16)]
    for step in range(ns.steps):
        buf = buffers.for_step(step)
        policy.save_pretrained(buf.path)
        groups = worker.sample(buf, prompts)
        texts = [p + c for p, g in zip(prompts, groups) for c in g]
        r = torch.tensor([reward(c) for g in groups for c in g]).cuda()
        enc = tok(texts, return_tensors="pt", padding=True).to("cuda")
        lp = torch.log_softmax(policy(**enc).logits[:, :-1].float(), -1)
        lp = lp.gather(-1, enc.input_ids[:, 1:, None]).squeeze(-1).sum(-1)
        loss = -(lp * (r - r.mean())).mean()
        loss.backward()
        opt.step()
        opt.zero_grad()


if __name__ == "__main__":
    main()
