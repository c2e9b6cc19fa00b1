import torch
from peft import LoraConfig, get_peft_model, get_peft_model_state_dict
from transformers import AutoModelForCausalLM

from ppo.worker import PPORolloutWorker

BASE = "Qwen/Qwen2.5-0.5B"


def main():
    model = get_peft_model(AutoModelForCausalLM.from_pretrained(BASE),
                           LoraConfig(r=8, target_modules=["q_proj", "v_proj"]))
    opt = torch.optim.Adam(model.parameters(), lr=1e-5)
    worker = PPORolloutWorker(BASE)
    cfg = model.peft_config["default"].to_dict()
    for it in range(500):
        worker.update(get_peft_model_state_dict(model), cfg)
        texts = worker.generate(["Tell me a joke."] * 8)
        loss = torch.tensor(sum(map(len, texts)) * 0.0, requires_grad=True)
        loss.backward()
        opt.step()
        opt.zero_grad()


if __name__ == "__main__":
    main()
