import torch
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM

from policy_sync import POLICY_DIR, push_policy, sample

BASE = "Qwen/Qwen2.5-1.5B-Instruct"


def main():
    model = get_peft_model(AutoModelForCausalLM.from_pretrained(BASE),
                           LoraConfig(r=16, target_modules="all-linear"))
    opt = torch.optim.AdamW(model.parameters(), 1e-5)
    for step in range(500):
        model.save_pretrained(POLICY_DIR)
        push_policy()
        texts = sample("Solve: 14 * 17 =")
        reward = torch.tensor([float("238" in t) for t in texts])
        loss = -(reward - reward.mean()).sum() * 0 + torch.zeros((), requires_grad=True)
        loss.backward()
        opt.step()
        opt.zero_grad()


if __name__ == "__main__":
    main()
