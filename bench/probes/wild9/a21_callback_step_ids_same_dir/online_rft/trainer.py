import torch
from transformers import Trainer

from .sync_callback import VLLMSyncCallback


class OnlineRFTTrainer(Trainer):
    """Reward-weighted fine-tuning on completions sampled from the current policy."""

    def __init__(self, *args, sync: VLLMSyncCallback, reward_fn, n_samples: int = 4, **kwargs):
        super().__init__(*args, **kwargs)
        self.sync = sync
        self.reward_fn = reward_fn
        self.n_samples = n_samples
        self.add_callback(sync)

    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        prompts = inputs["prompt"]
        groups = self.sync.sample(prompts, self.n_samples, max_tokens=256)
        texts, weights = [], []
        for p, g in zip(prompts, groups):
            r = torch.tensor([self.reward_fn(p, c) for c in g])
            w = torch.softmax(r / 0.5, 0)
            texts += [p + c for c in g]
            weights += w.tolist()
        enc = self.processing_class(texts, return_tensors="pt", padding=True).to(model.device)
        logits = model(**enc).logits[:, :-1].float()
        lp = torch.log_softmax(logits, -1).gather(-1, enc.input_ids[:, 1:, None]).squeeze(-1)
        lp = (lp * enc.attention_mask[:, 1:]).sum(-1)
        loss = -(lp * torch.tensor(weights, device=lp.device)).sum() / len(prompts)
        return (loss, None) if return_outputs else loss
