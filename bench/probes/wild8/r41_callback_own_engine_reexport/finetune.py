from datasets import load_dataset
from peft import LoraConfig, get_peft_model
from transformers import (AutoModelForCausalLM, AutoTokenizer, DataCollatorForLanguageModeling,
                          Trainer, TrainingArguments)

from monitoring import VLLMProbe

BASE = "Qwen/Qwen2.5-0.5B"


def main():
    tok = AutoTokenizer.from_pretrained(BASE)
    model = get_peft_model(AutoModelForCausalLM.from_pretrained(BASE), LoraConfig(r=8))
    ds = load_dataset("tatsu-lab/alpaca", split="train[:5000]")
    ds = ds.map(lambda r: tok(r["text"], truncation=True, max_length=256),
                remove_columns=ds.column_names)
    args = TrainingArguments("out", max_steps=2000, save_steps=200, logging_steps=20)
    trainer = Trainer(model=model, args=args, train_dataset=ds,
                      data_collator=DataCollatorForLanguageModeling(tok, mlm=False))
    trainer.add_callback(VLLMProbe(BASE, every=200))
    trainer.train()


if __name__ == "__main__":
    main()
