import ray
import torch
from peft import LoraConfig, get_peft_model, get_peft_model_state_dict
from transformers import AutoModelForCausalLM

import config
from workers.rollout import RolloutWorker


def main():
    ray.init()
    actor = RolloutWorker.remote()
    model = get_peft_model(AutoModelForCausalLM.from_pretrained(config.BASE_MODEL),
                           LoraConfig(r=16, target_modules="all-linear"))
    opt = torch.optim.AdamW(model.parameters(), 1e-5)
    cfg = model.peft_config["default"].to_dict()
    for it in range(1000):
        sd = {k: v.cpu() for k, v in get_peft_model_state_dict(model).items()}
        ray.get(actor.load_weights.remote(sd, cfg))
        texts = ray.get(actor.generate.remote(["Q: what is 12*13?"] * config.ROLLOUT_BATCH))
        loss = torch.zeros((), requires_grad=True) * len(texts)
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
