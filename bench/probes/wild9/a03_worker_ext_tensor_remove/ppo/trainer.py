from dataclasses import dataclass

import torch
from peft import LoraConfig, get_peft_model, get_peft_model_state_dict
from transformers import AutoModelForCausalLM, AutoTokenizer
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from weight_sync import DUMMY_LORA_PATH, POLICY_LORA_ID, POLICY_LORA_NAME


@dataclass
class PPOConfig:
    model: str = "Qwen/Qwen2.5-0.5B-Instruct"
    lora_rank: int = 8
    total_steps: int = 300
    rollout_batch: int = 32
    max_new_tokens: int = 200
    clip_eps: float = 0.2


class PPOTrainer:
    def __init__(self, cfg: PPOConfig):
        self.cfg = cfg
        self.tok = AutoTokenizer.from_pretrained(cfg.model)
        base = AutoModelForCausalLM.from_pretrained(cfg.model, torch_dtype=torch.bfloat16).cuda()
        self.lora_cfg = LoraConfig(r=cfg.lora_rank, lora_alpha=2 * cfg.lora_rank, target_modules="all-linear")
        self.policy = get_peft_model(base, self.lora_cfg)
        self.opt = torch.optim.AdamW(self.policy.parameters(), lr=1e-5)
        self.llm = LLM(
            model=cfg.model,
            enable_lora=True,
            max_lora_rank=cfg.lora_rank,
            max_loras=1,
            gpu_memory_utilization=0.3,
            enable_prefix_caching=False,
            worker_extension_cls="weight_sync.extension.LoRASyncWorkerExtension",
        )
        self.llm.collective_rpc("init_sync")
        self.rollout_request = LoRARequest(POLICY_LORA_NAME, POLICY_LORA_ID, DUMMY_LORA_PATH)

    def push_weights(self, step: int):
        state = {k: v.detach().cpu() for k, v in get_peft_model_state_dict(self.policy).items()}
        peft_config = self.lora_cfg.to_dict()
        peft_config["target_modules"] = sorted(peft_config["target_modules"]) if isinstance(
            peft_config["target_modules"], set) else peft_config["target_modules"]
        self.llm.collective_rpc("update_policy_lora", args=(state, peft_config, step))

    def rollout(self, prompts):
        params = SamplingParams(temperature=1.0, max_tokens=self.cfg.max_new_tokens)
        return self.llm.generate(prompts, params, lora_request=self.rollout_request, use_tqdm=False)

    def train(self, prompt_source, reward_fn):
        for step in range(self.cfg.total_steps):
            self.push_weights(step)
            prompts = prompt_source(self.cfg.rollout_batch)
            outs = self.rollout(prompts)
            texts = [o.outputs[0].text for o in outs]
            rewards = torch.tensor([reward_fn(p, t) for p, t in zip(prompts, texts)])
            enc = self.tok([p + t for p, t in zip(prompts, texts)], return_tensors="pt", padding=True).to("cuda")
            logits = self.policy(**enc).logits
            logp = torch.log_softmax(logits[:, :-1].float(), -1).gather(-1, enc.input_ids[:, 1:, None]).squeeze(-1)
            loss = -(logp.sum(-1) * (rewards - rewards.mean()).cuda()).mean()
            loss.backward()
            self.opt.step()
            self.opt.zero_grad()
