import argparse

from datasets import load_dataset
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM, AutoTokenizer, TrainingArguments

from online_rft import OnlineRFTTrainer, VLLMSyncCallback


def reward_fn(prompt, completion):
    return -abs(len(completion.split()) - 40) / 40.0


def collate(rows):
    return {"prompt": [r["prompt"] for r in rows]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="Qwen/Qwen2.5-0.5B-Instruct")
    ap.add_argument("--out", default="runs/online_rft")
    ns = ap.parse_args()
    tok = AutoTokenizer.from_pretrained(ns.model)
    model = get_peft_model(AutoModelForCausalLM.from_pretrained(ns.model, torch_dtype="bfloat16"),
                           LoraConfig(r=16, lora_alpha=32, target_modules="all-linear"))
    ds = load_dataset("trl-lib/tldr", split="train")
    trainer = OnlineRFTTrainer(
        model=model,
        args=TrainingArguments(output_dir=ns.out, max_steps=1000, per_device_train_batch_size=8,
                               remove_unused_columns=False, learning_rate=1e-5, report_to=[]),
        train_dataset=ds,
        data_collator=collate,
        processing_class=tok,
        sync=VLLMSyncCallback(ns.model, ns.out),
        reward_fn=reward_fn,
    )
    trainer.train()


if __name__ == "__main__":
    main()
