import os

import torch
from peft import LoraConfig, PeftModel, get_peft_model
from transformers import AutoModelForCausalLM, AutoTokenizer


def train_round(base_model: str, prev_adapter, examples, out_dir: str) -> str:
    tok = AutoTokenizer.from_pretrained(base_model)
    model = AutoModelForCausalLM.from_pretrained(base_model, torch_dtype=torch.bfloat16, device_map="cuda")
    if prev_adapter:
        model = PeftModel.from_pretrained(model, prev_adapter, is_trainable=True)
    else:
        model = get_peft_model(model, LoraConfig(r=32, lora_alpha=32, target_modules="all-linear"))
    opt = torch.optim.AdamW(model.parameters(), lr=2e-4)
    for ex in examples:
        enc = tok(ex["prompt"] + ex["completion"], return_tensors="pt").to("cuda")
        loss = model(**enc, labels=enc.input_ids).loss
        loss.backward()
        opt.step()
        opt.zero_grad()
    os.makedirs(out_dir, exist_ok=True)
    model.save_pretrained(out_dir)
    del model
    torch.cuda.empty_cache()
    return out_dir
