import torch
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM

from client import VLLMAdmin

BASE = "Qwen/Qwen2.5-0.5B-Instruct"
ADAPTER_DIR = "/shared/online_dpo/adapter"


def main():
    model = get_peft_model(AutoModelForCausalLM.from_pretrained(BASE), LoraConfig(r=8))
    opt = torch.optim.AdamW(model.parameters(), 5e-6)
    admin = VLLMAdmin()
    for step in range(200):
        model.save_pretrained(ADAPTER_DIR)
        admin.load_adapter("online", ADAPTER_DIR)
        a = admin.complete("online", "Write a haiku about rain.")
        b = admin.complete("online", "Write a haiku about rain.")
        loss = torch.zeros((), requires_grad=True) * (len(a) - len(b))
        loss.backward()
        opt.step()
        opt.zero_grad()


if __name__ == "__main__":
    main()
