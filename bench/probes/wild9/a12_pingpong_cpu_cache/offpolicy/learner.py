import torch
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM, AutoTokenizer

from .buffers import SlotBuffers


class Learner:
    def __init__(self, model: str, buffers: SlotBuffers):
        self.buffers = buffers
        self.tok = AutoTokenizer.from_pretrained(model)
        base = AutoModelForCausalLM.from_pretrained(model, torch_dtype=torch.bfloat16).cuda()
        self.model = get_peft_model(base, LoraConfig(r=32, lora_alpha=32, target_modules="all-linear"))
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=2e-6)

    def publish(self, step: int) -> None:
        self.model.save_pretrained(self.buffers.path(step))

    def learn(self, trajectories, reward_fn):
        texts = [p + c for p, c, _ in trajectories]
        r = torch.tensor([reward_fn(p, c) for p, c, _ in trajectories]).cuda()
        enc = self.tok(texts, return_tensors="pt", padding=True).to("cuda")
        lp = torch.log_softmax(self.model(**enc).logits[:, :-1].float(), -1)
        lp = lp.gather(-1, enc.input_ids[:, 1:, None]).squeeze(-1).sum(-1)
        loss = -(lp * (r - r.mean())).mean()
        loss.backward()
        self.opt.step()
        self.opt.zero_grad()
        return loss.item()
