import torch
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM, AutoTokenizer


class Learner:
    def __init__(self, model: str, rank: int):
        self.tok = AutoTokenizer.from_pretrained(model)
        self.model = get_peft_model(
            AutoModelForCausalLM.from_pretrained(model, torch_dtype=torch.bfloat16, device_map="auto"),
            LoraConfig(r=rank, lora_alpha=rank, target_modules="all-linear"),
        )
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=1e-6)

    def save(self, path: str):
        self.model.save_pretrained(path)

    def update(self, trajectories, rewards):
        enc = self.tok([t["text"] for t in trajectories], return_tensors="pt", padding=True,
                       truncation=True, max_length=4096).to(self.model.device)
        r = torch.tensor(rewards, device=self.model.device)
        lp = torch.log_softmax(self.model(**enc).logits[:, :-1].float(), -1)
        lp = lp.gather(-1, enc.input_ids[:, 1:, None]).squeeze(-1).sum(-1)
        loss = -(lp * (r - r.mean())).mean()
        loss.backward()
        self.opt.step()
        self.opt.zero_grad()
        return loss.item()
