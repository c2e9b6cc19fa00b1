import argparse

from datasets import load_dataset
from peft import LoraConfig
from trl import SFTConfig, SFTTrainer

from sft_rl import EMAAdapterCallback, VLLMEvalCallback


def scorer(prompt, text):
    return float(text.strip().lower().startswith("answer:"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="Qwen/Qwen2.5-1.5B")
    ap.add_argument("--out", default="runs/sft_ema")
    ns = ap.parse_args()
    ds = load_dataset("trl-lib/Capybara", split="train")
    heldout = [r["messages"][0]["content"] for r in ds.select(range(64))]
    ema = EMAAdapterCallback(decay=0.995)
    cfg = SFTConfig(output_dir=ns.out, eval_strategy="steps", eval_steps=200, max_steps=2000,
                    per_device_train_batch_size=4, learning_rate=2e-4, report_to=[])
    trainer = SFTTrainer(
        model=ns.model,
        args=cfg,
        train_dataset=ds.select(range(64, len(ds))),
        eval_dataset=ds.select(range(64)),
        peft_config=LoraConfig(r=16, lora_alpha=32, target_modules="all-linear"),
        callbacks=[ema],
    )
    trainer.add_callback(VLLMEvalCallback(ns.model, heldout, ema, scorer))
    trainer.train()


if __name__ == "__main__":
    main()
