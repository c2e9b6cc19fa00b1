from datasets import load_dataset
from peft import LoraConfig, get_peft_model
from transformers import (AutoModelForCausalLM, AutoTokenizer, Trainer,
                          TrainingArguments, DataCollatorForLanguageModeling)
from vllm import LLM

from trainer_ext import VLLMSampleCallback

BASE = "Qwen/Qwen2.5-0.5B"


def main():
    tok = AutoTokenizer.from_pretrained(BASE)
    model = get_peft_model(AutoModelForCausalLM.from_pretrained(BASE),
                           LoraConfig(r=8, target_modules=["q_proj", "v_proj"]))
    ds = load_dataset("tatsu-lab/alpaca", split="train[:2000]")
    ds = ds.map(lambda r: tok(r["text"], truncation=True, max_length=256), remove_columns=ds.column_names)
    llm = LLM(model=BASE, enable_lora=True, gpu_memory_utilization=0.3, max_lora_rank=8)
    trainer = Trainer(model=model, args=TrainingArguments("out", max_steps=1000, logging_steps=10),
                      train_dataset=ds, data_collator=DataCollatorForLanguageModeling(tok, mlm=False))
    trainer.add_callback(VLLMSampleCallback(llm, "/tmp/live_adapter", every=50,
                                            prompts=["Give me three tips for sleeping well."]))
    trainer.train()


if __name__ == "__main__":
    main()
