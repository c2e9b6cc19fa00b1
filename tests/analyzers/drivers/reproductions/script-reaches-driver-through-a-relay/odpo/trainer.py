import torch
import torch.nn.functional as F
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM, AutoModelForSequenceClassification, AutoTokenizer

from .config import OnlineDPOConfig
from .generator import PairGenerator


def _seq_logp(model, tok, prompts, completions):
    enc = tok([p + c for p, c in zip(prompts, completions)], return_tensors="pt", padding=True).to("cuda")
    lp = torch.log_softmax(model(**enc).logits[:, :-1].float(), -1)
    return (lp.gather(-1, enc.input_ids[:, 1:, None]).squeeze(-1) * enc.attention_mask[:, 1:]).sum(-1)


class OnlineDPOTrainer:
    def __init__(self, cfg: OnlineDPOConfig):
        self.cfg = cfg
        self.tok = AutoTokenizer.from_pretrained(cfg.model)
        base = AutoModelForCausalLM.from_pretrained(cfg.model, torch_dtype=torch.bfloat16).cuda()
        self.policy = get_peft_model(base, LoraConfig(r=cfg.lora_rank, lora_alpha=2 * cfg.lora_rank,
                                                      target_modules="all-linear"))
        self.judge = AutoModelForSequenceClassification.from_pretrained(cfg.judge, torch_dtype=torch.bfloat16).cuda()
        self.judge_tok = AutoTokenizer.from_pretrained(cfg.judge)
        self.opt = torch.optim.AdamW(self.policy.parameters(), lr=5e-6)
        self.gen = PairGenerator(cfg.model, cfg.lora_rank)

    @torch.no_grad()
    def _score(self, prompts, texts):
        enc = self.judge_tok([p + t for p, t in zip(prompts, texts)], return_tensors="pt", padding=True).to("cuda")
        return self.judge(**enc).logits[:, 0]

    def step(self, prompts):
        self.policy.save_pretrained(self.cfg.sync_dir)
        pairs = self.gen.pairs(prompts, self.cfg.sync_dir)
        a, b = [x for x, _ in pairs], [y for _, y in pairs]
        a_wins = self._score(prompts, a) >= self._score(prompts, b)
        chosen = [x if w else y for x, y, w in zip(a, b, a_wins.tolist())]
        rejected = [y if w else x for x, y, w in zip(a, b, a_wins.tolist())]
        pi_c = _seq_logp(self.policy, self.tok, prompts, chosen)
        pi_r = _seq_logp(self.policy, self.tok, prompts, rejected)
        with torch.no_grad(), self.policy.disable_adapter():
            ref_c = _seq_logp(self.policy, self.tok, prompts, chosen)
            ref_r = _seq_logp(self.policy, self.tok, prompts, rejected)
        loss = -F.logsigmoid(self.cfg.beta * ((pi_c - ref_c) - (pi_r - ref_r))).mean()
        loss.backward()
        self.opt.step()
        self.opt.zero_grad()
        return loss.item()
