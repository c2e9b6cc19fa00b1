# expect: Affected line=17 reason~="'/tmp/adapter' is rewritten at trainer_made_from_arguments_saves_into_served_folder.py:16"
"""Rounds of training, each with a Hugging Face trainer made from
`TrainingArguments(output_dir=out)`: `save_model()` with no folder saves into its
`args.output_dir`, the folder then served under lora_int_id 1. Every round after the first is
served the first round's weights."""

from transformers import Trainer, TrainingArguments
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)
out = "/tmp/adapter"
for round_ in range(3):
    trainer = Trainer(model="m", args=TrainingArguments(output_dir=out, num_train_epochs=1))
    trainer.train()
    trainer.save_model()
    llm.generate(["hi"], lora_request=LoRARequest("policy", 1, out))
