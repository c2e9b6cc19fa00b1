import logging

import torch
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM, AutoTokenizer

from .config import GRPOConfig
from .rollout import ColocatedRollout

logger = logging.getLogger(__name__)


class GRPOTrainer:
    def __init__(self, cfg: GRPOConfig, dataset, reward_fn):
        self.cfg = cfg
        self.dataset = dataset
        self.reward_fn = reward_fn
        self.tokenizer = AutoTokenizer.from_pretrained(cfg.model_name)
        base = AutoModelForCausalLM.from_pretrained(cfg.model_name, torch_dtype=torch.bfloat16).cuda()
        lora = LoraConfig(
            r=cfg.lora_rank,
            lora_alpha=cfg.lora_alpha,
            target_modules=cfg.lora_target_modules,
            task_type="CAUSAL_LM",
        )
        self.model = get_peft_model(base, lora)
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=cfg.learning_rate)
        self.rollout = ColocatedRollout(cfg)

    def _sync_policy(self) -> None:
        # cheap sync: overwrite the adapter folder, then re-point the engine at it
        self.model.save_pretrained(self.cfg.adapter_sync_dir)
        self.rollout.refresh(self.cfg.adapter_sync_dir)

    def _advantages(self, rewards: torch.Tensor) -> torch.Tensor:
        grouped = rewards.view(-1, self.cfg.num_generations)
        mean = grouped.mean(dim=1, keepdim=True)
        std = grouped.std(dim=1, keepdim=True) + 1e-4
        return ((grouped - mean) / std).view(-1)

    def _loss(self, prompts, completions, advantages):
        texts = [p + c for p, group in zip(prompts, completions) for c in group]
        enc = self.tokenizer(texts, return_tensors="pt", padding=True).to(self.model.device)
        logits = self.model(**enc).logits[:, :-1]
        logp = torch.log_softmax(logits.float(), -1).gather(-1, enc.input_ids[:, 1:, None]).squeeze(-1)
        seq_logp = (logp * enc.attention_mask[:, 1:]).sum(-1)
        return -(seq_logp * advantages.to(seq_logp.device)).mean()

    def train(self):
        for step, batch in enumerate(self.dataset.iter(batch_size=4)):
            if step >= self.cfg.max_steps:
                break
            self._sync_policy()
            completions = self.rollout.generate(batch["prompt"])
            rewards = torch.tensor(
                [self.reward_fn(p, c) for p, group in zip(batch["prompt"], completions) for c in group],
                dtype=torch.float32,
            )
            loss = self._loss(batch["prompt"], completions, self._advantages(rewards))
            loss.backward()
            self.optimizer.step()
            self.optimizer.zero_grad()
            logger.info("step %d loss %.4f reward %.3f", step, loss.item(), rewards.mean().item())
