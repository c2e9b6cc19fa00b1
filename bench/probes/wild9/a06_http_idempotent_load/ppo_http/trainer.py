import os

import torch
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM, AutoTokenizer

from .adapter_client import AdapterClient


class HttpPPOTrainer:
    def __init__(self, cfg: dict):
        self.cfg = cfg
        self.client = AdapterClient(cfg["server_url"])
        self.tok = AutoTokenizer.from_pretrained(cfg["model"])
        base = AutoModelForCausalLM.from_pretrained(cfg["model"], torch_dtype=torch.bfloat16, device_map="auto")
        self.policy = get_peft_model(base, LoraConfig(r=16, lora_alpha=32, target_modules="all-linear"))
        self.opt = torch.optim.AdamW(self.policy.parameters(), lr=1e-5)

    def _publish(self, it: int) -> str:
        ckpt = os.path.join(self.cfg["output_dir"], f"iter_{it:04d}")
        self.policy.save_pretrained(ckpt)
        self.client.register(self.cfg["adapter_name"], ckpt)
        return ckpt

    def fit(self, prompt_pool, reward_model):
        try:
            for it in range(self.cfg["iterations"]):
                self._publish(it)
                prompts = prompt_pool(self.cfg["rollouts_per_iter"])
                completions = self.client.sample(self.cfg["adapter_name"], prompts)
                rewards = torch.tensor(reward_model(prompts, completions), dtype=torch.float32)
                enc = self.tok([p + c for p, c in zip(prompts, completions)], return_tensors="pt", padding=True)
                enc = enc.to(self.policy.device)
                lp = torch.log_softmax(self.policy(**enc).logits[:, :-1].float(), -1)
                lp = lp.gather(-1, enc.input_ids[:, 1:, None]).squeeze(-1).sum(-1)
                loss = -(lp * (rewards - rewards.mean()).to(lp.device)).mean()
                loss.backward()
                self.opt.step()
                self.opt.zero_grad()
        finally:
            self.client.unregister(self.cfg["adapter_name"])
            self.client.close()
