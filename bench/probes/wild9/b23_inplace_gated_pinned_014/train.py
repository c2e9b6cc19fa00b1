import json

from datasets import load_dataset
from peft import LoraConfig, get_peft_model
from transformers import (AutoModelForCausalLM, AutoTokenizer, DataCollatorForLanguageModeling,
                          Trainer, TrainingArguments)

from online_eval import VLLMEvalCallback

BASE = "Qwen/Qwen2.5-1.5B-Instruct"


def main():
    tok = AutoTokenizer.from_pretrained(BASE)
    model = get_peft_model(AutoModelForCausalLM.from_pretrained(BASE),
                           LoraConfig(r=16, lora_alpha=32, target_modules="all-linear"))
    ds = load_dataset("json", data_files={"train": "data/train.jsonl", "dev": "data/dev.jsonl"})
    ds = ds.map(lambda b: tok(b["text"], truncation=True, max_length=1024), batched=True)
    probe_prompts = [json.loads(l)["prompt"] for l in open("data/probe_prompts.jsonl")]
    cb = VLLMEvalCallback(BASE, probe_prompts, out_root="outputs/online_eval")
    trainer = Trainer(
        model=model,
        args=TrainingArguments("outputs/run", eval_strategy="steps", eval_steps=200,
                               max_steps=2000, per_device_train_batch_size=8, bf16=True),
        train_dataset=ds["train"], eval_dataset=ds["dev"],
        data_collator=DataCollatorForLanguageModeling(tok, mlm=False),
        callbacks=[cb],
    )
    trainer.train()
    json.dump(cb.samples, open("outputs/online_samples.json", "w"), indent=1)


if __name__ == "__main__":
    main()
