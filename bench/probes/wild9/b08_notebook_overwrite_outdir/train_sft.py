"""Minimal PEFT SFT trainer (run via accelerate)."""

import argparse

from datasets import load_dataset
from peft import LoraConfig
from transformers import AutoModelForCausalLM, AutoTokenizer
from trl import SFTConfig, SFTTrainer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="Qwen/Qwen2.5-3B-Instruct")
    ap.add_argument("--learning_rate", type=float, default=2e-4)
    ap.add_argument("--output_dir", required=True)
    ap.add_argument("--epochs", type=int, default=1)
    a = ap.parse_args()

    tok = AutoTokenizer.from_pretrained(a.model)
    model = AutoModelForCausalLM.from_pretrained(a.model, torch_dtype="bfloat16")
    ds = load_dataset("json", data_files="data/train.jsonl", split="train")
    trainer = SFTTrainer(
        model=model,
        tokenizer=tok,
        train_dataset=ds,
        peft_config=LoraConfig(r=16, lora_alpha=32, target_modules="all-linear"),
        args=SFTConfig(output_dir=a.output_dir, learning_rate=a.learning_rate,
                       num_train_epochs=a.epochs, save_strategy="no", bf16=True),
    )
    trainer.train()
    trainer.save_model(a.output_dir)  # adapter_model.safetensors + adapter_config.json


if __name__ == "__main__":
    main()
