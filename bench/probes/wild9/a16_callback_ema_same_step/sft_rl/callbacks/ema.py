import copy

import torch
from peft import get_peft_model_state_dict, set_peft_model_state_dict
from transformers import TrainerCallback


class EMAAdapterCallback(TrainerCallback):
    """Keeps an exponential moving average of the LoRA weights."""

    def __init__(self, decay: float = 0.99):
        self.decay = decay
        self.shadow = None

    def on_step_end(self, args, state, control, model=None, **kwargs):
        current = get_peft_model_state_dict(model)
        if self.shadow is None:
            self.shadow = {k: v.detach().clone().float() for k, v in current.items()}
            return
        with torch.no_grad():
            for k, v in current.items():
                self.shadow[k].mul_(self.decay).add_(v.detach().float(), alpha=1 - self.decay)

    def save_ema(self, model, out_dir: str):
        live = copy.deepcopy(get_peft_model_state_dict(model))
        set_peft_model_state_dict(model, {k: v.to(model.dtype) for k, v in self.shadow.items()})
        model.save_pretrained(out_dir)
        set_peft_model_state_dict(model, live)
