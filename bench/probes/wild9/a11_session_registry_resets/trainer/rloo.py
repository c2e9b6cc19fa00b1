import os
from dataclasses import dataclass

import torch
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM, AutoTokenizer
from vllm import LLM, SamplingParams

from rollout import RolloutSession


@dataclass
class RLOOConfig:
    model: str = "allenai/OLMo-2-0425-1B-Instruct"
    ckpt_dir: str = "checkpoints/rloo"
    k: int = 4
    steps: int = 250
    max_new_tokens: int = 256


class RLOOTrainer:
    def __init__(self, cfg: RLOOConfig):
        self.cfg = cfg
        self.tok = AutoTokenizer.from_pretrained(cfg.model)
        base = AutoModelForCausalLM.from_pretrained(cfg.model, torch_dtype=torch.bfloat16).cuda()
        self.policy = get_peft_model(base, LoraConfig(r=16, lora_alpha=32, target_modules="all-linear"))
        self.opt = torch.optim.AdamW(self.policy.parameters(), lr=1e-5)
        self.llm = LLM(model=cfg.model, enable_lora=True, max_loras=2, gpu_memory_utilization=0.35)

    def _rollout(self, session: RolloutSession, prompts, reward_fn):
        path = os.path.join(self.cfg.ckpt_dir, f"step_{session.step:05d}")
        self.policy.save_pretrained(path)
        policy_req = session.adapters.register("policy", path)
        params = SamplingParams(n=self.cfg.k, temperature=1.0, max_tokens=self.cfg.max_new_tokens)
        outs = self.llm.generate(prompts, params, lora_request=policy_req, use_tqdm=False)
        for prompt, out in zip(prompts, outs):
            for c in out.outputs:
                session.prompts.append(prompt)
                session.completions.append(c.text)
                session.rewards.append(reward_fn(prompt, c.text))

    def _update(self, session: RolloutSession):
        r = torch.tensor(session.rewards).view(-1, self.cfg.k)
        baseline = (r.sum(1, keepdim=True) - r) / (self.cfg.k - 1)
        adv = (r - baseline).flatten().cuda()
        enc = self.tok([p + c for p, c in zip(session.prompts, session.completions)],
                       return_tensors="pt", padding=True).to("cuda")
        lp = torch.log_softmax(self.policy(**enc).logits[:, :-1].float(), -1)
        lp = lp.gather(-1, enc.input_ids[:, 1:, None]).squeeze(-1).sum(-1)
        loss = -(lp * adv).mean()
        loss.backward()
        self.opt.step()
        self.opt.zero_grad()
        return loss.item()

    def train(self, prompt_batches, reward_fn):
        for step, prompts in zip(range(self.cfg.steps), prompt_batches):
            session = RolloutSession(step=step)
            self._rollout(session, prompts, reward_fn)
            loss = self._update(session)
            print(f"step {step}: loss={loss:.4f} reward={sum(session.rewards) / len(session.rewards):.3f}")
