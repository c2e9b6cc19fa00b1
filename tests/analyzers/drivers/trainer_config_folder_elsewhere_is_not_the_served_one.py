# expect: Safe-single-adapter line=16 reason~="a repeat can only be a benign cache hit"
"""The trainer saves into its own `output_dir` (`/tmp/runs`), never into the adapter folder
served under lora_int_id 1: what it was made with says where `save_model()` writes, and it is
not the served folder."""

from transformers import Trainer, TrainingArguments
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)
served = "/tmp/adapter"
for round_ in range(3):
    trainer = Trainer(model="m", args=TrainingArguments(output_dir="/tmp/runs"))
    trainer.train()
    trainer.save_model()
    llm.generate(["hi"], lora_request=LoRARequest("policy", 1, served))
