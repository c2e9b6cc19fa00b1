# expect: Affected line=20 reason~="args.lora_id is reused"
"""A trainer subclass saves each sample's adapter into a new folder and serves it under the id
its training arguments name. Nothing in the method watches for change, so the arguments the
framework holds stay one value between two calls: the second folder is served the first one's
weights."""
import os

from transformers import Trainer
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)


class SampleTrainer(Trainer):
    def sample(self, prompts):
        self.version = getattr(self, "version", 0) + 1
        folder = os.path.join(self.args.output_dir, f"sample-{self.version}")
        self.model.save_pretrained(folder)
        request = LoRARequest("policy", self.args.lora_id, folder)
        return llm.generate(prompts, lora_request=request)
