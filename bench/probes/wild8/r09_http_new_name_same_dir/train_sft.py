import argparse

from transformers import Trainer, TrainingArguments

from sft_eval import ask, register_adapter

LATEST = "/ckpt/latest"


def build_trainer(args):
    from data import load_sft
    from modeling import lora_model
    return Trainer(model=lora_model(args.base), args=TrainingArguments(output_dir="/ckpt/tmp"),
                   train_dataset=load_sft())


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--base", default="mistralai/Mistral-7B-v0.1")
    p.add_argument("--rounds", type=int, default=20)
    args = p.parse_args()
    trainer = build_trainer(args)
    for step in range(args.rounds):
        trainer.train()
        trainer.model.save_pretrained(LATEST)
        name = register_adapter(step, LATEST)
        print(step, ask(name, "Summarize the plot of Hamlet in one line."))


if __name__ == "__main__":
    main()
