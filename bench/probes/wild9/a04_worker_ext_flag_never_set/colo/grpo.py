from dataclasses import dataclass

import torch
from peft import LoraConfig, get_peft_model, get_peft_model_state_dict
from transformers import AutoModelForCausalLM, AutoTokenizer
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from .sync import LORA_ID, LORA_NAME, PLACEHOLDER_PATH


@dataclass
class GRPOArgs:
    model: str = "Qwen/Qwen3-1.7B"
    steps: int = 400
    group_size: int = 8
    prompts_per_step: int = 16
    rank: int = 32
    lr: float = 5e-6


class ColocatedGRPO:
    def __init__(self, args: GRPOArgs):
        self.args = args
        self.tok = AutoTokenizer.from_pretrained(args.model)
        base = AutoModelForCausalLM.from_pretrained(args.model, torch_dtype=torch.bfloat16).cuda()
        self.peft_cfg = LoraConfig(r=args.rank, lora_alpha=args.rank, target_modules=["q_proj", "v_proj"])
        self.model = get_peft_model(base, self.peft_cfg)
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=args.lr)
        self.engine = LLM(
            model=args.model,
            enable_lora=True,
            max_lora_rank=args.rank,
            gpu_memory_utilization=0.4,
            worker_extension_cls="colo.sync.worker_ext.PolicySyncExtension",
        )
        self.version = 0

    def sync(self):
        named = [(k, v.detach().cpu()) for k, v in get_peft_model_state_dict(self.model).items()]
        cfg = {"r": self.args.rank, "lora_alpha": self.args.rank, "target_modules": ["q_proj", "v_proj"]}
        self.engine.collective_rpc("sync_lora", args=(named, cfg, self.version))
        self.version += 1

    def sample(self, prompts):
        sp = SamplingParams(n=self.args.group_size, temperature=1.0, max_tokens=384)
        req = LoRARequest(LORA_NAME, LORA_ID, PLACEHOLDER_PATH)
        return self.engine.generate(prompts, sp, lora_request=req, use_tqdm=False)

    def step(self, prompts, reward_fn):
        self.sync()
        outs = self.sample(prompts)
        texts, advs = [], []
        for prompt, out in zip(prompts, outs):
            rs = torch.tensor([reward_fn(prompt, c.text) for c in out.outputs])
            a = (rs - rs.mean()) / (rs.std() + 1e-6)
            texts += [prompt + c.text for c in out.outputs]
            advs += a.tolist()
        enc = self.tok(texts, return_tensors="pt", padding=True).to("cuda")
        logits = self.model(**enc).logits[:, :-1].float()
        lp = torch.log_softmax(logits, -1).gather(-1, enc.input_ids[:, 1:, None]).squeeze(-1).sum(-1)
        loss = -(lp * torch.tensor(advs, device="cuda")).mean()
        loss.backward()
        self.opt.step()
        self.opt.zero_grad()
        return loss.item()
