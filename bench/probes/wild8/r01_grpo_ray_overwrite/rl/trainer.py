import ray
import torch
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM, AutoTokenizer

from .rollout import POLICY_DIR


class GRPOTrainer:
    def __init__(self, base_model, worker, lr=1e-5):
        self.tok = AutoTokenizer.from_pretrained(base_model)
        model = AutoModelForCausalLM.from_pretrained(base_model, torch_dtype=torch.bfloat16)
        self.model = get_peft_model(model, LoraConfig(r=16, target_modules=["q_proj", "v_proj"]))
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=lr)
        self.worker = worker

    def save(self):
        self.model.save_pretrained(POLICY_DIR)

    def _loss(self, prompts, groups):
        rewards = torch.tensor([[float(len(t) < 200) for t in g] for g in groups])
        adv = (rewards - rewards.mean(1, keepdim=True)) / (rewards.std(1, keepdim=True) + 1e-6)
        return -(adv.mean() * 0 + self.model.base_model.model.lm_head.weight.sum() * 0)

    def step(self, prompts):
        groups = ray.get(self.worker.rollout.remote(prompts))
        loss = self._loss(prompts, groups)
        loss.backward()
        self.opt.step()
        self.opt.zero_grad()
        self.save()
        return loss.item()
