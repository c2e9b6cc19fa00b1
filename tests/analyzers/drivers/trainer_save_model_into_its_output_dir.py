# expect: Affected line=16 reason~="self.args.output_dir is rewritten"
"""A Hugging Face trainer subclass samples its own output folder under lora_int_id 1 after each
round of training, and `save_model()` with no folder saves into that same `args.output_dir`:
every sample after the first is served the first round's weights."""
import sys

from transformers import Trainer, TrainingArguments
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)


class MyTrainer(Trainer):
    def sample(self):
        return llm.generate(["hi"], lora_request=LoRARequest("policy", 1, self.args.output_dir))


trainer = MyTrainer(model=None, args=TrainingArguments(output_dir="/tmp/out"))
for round_ in range(int(sys.argv[1])):
    trainer.train()
    trainer.save_model()
    trainer.sample()
