import ray
import torch
from peft import LoraConfig, get_peft_model, get_peft_model_state_dict
from transformers import AutoModelForCausalLM

from actors import PolicyServer

BASE = "HuggingFaceTB/SmolLM2-360M-Instruct"


def main():
    ray.init()
    server = PolicyServer.remote(BASE)
    model = get_peft_model(AutoModelForCausalLM.from_pretrained(BASE),
                           LoraConfig(r=16, target_modules="all-linear"))
    cfg = model.peft_config["default"].to_dict()
    opt = torch.optim.AdamW(model.parameters(), 1e-5)
    for it in range(300):
        sd = {k: v.detach().cpu() for k, v in get_peft_model_state_dict(model).items()}
        ray.get(server.update_weights.remote(sd, cfg))
        texts = ray.get([server.generate.remote("Write a poem.") for _ in range(16)])
        loss = torch.zeros((), requires_grad=True) * len(texts)
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
