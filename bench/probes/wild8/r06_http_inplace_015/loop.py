import torch
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM

from online_rl import chat, reload_adapter

ADAPTER = "/shared/rl/adapter"


def main():
    model = get_peft_model(AutoModelForCausalLM.from_pretrained("Qwen/Qwen2.5-0.5B"),
                           LoraConfig(r=8))
    opt = torch.optim.SGD(model.parameters(), lr=1e-4)
    for step in range(100):
        model.save_pretrained(ADAPTER)
        reload_adapter("policy", ADAPTER)
        reply = chat("policy", "Say something kind.")
        loss = torch.zeros((), requires_grad=True) * len(reply)
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
