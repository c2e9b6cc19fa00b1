# expect: Safe-single-adapter line=22 reason~="one adapter per engine lifetime"
"""A trainer subclass saves its adapter once, the first time it generates, and serves that
folder under one lora_int_id ever after: however far the framework's step counter moves
between calls, the folder is never written again, so every repeat is a benign cache hit."""
import tempfile

from transformers import Trainer
from vllm import LLM
from vllm.lora.request import LoRARequest


class FrozenAdapterTrainer(Trainer):
    def __init__(self, model, args):
        super().__init__(model=model, args=args)
        self.llm = LLM(model="base", enable_lora=True)

    def generate(self, prompts):
        if not hasattr(self, "_lora_path"):
            self._lora_path = tempfile.mkdtemp(prefix="lora_")
            self.model.save_pretrained(self._lora_path)
        print("step", self.state.global_step)
        request = LoRARequest("policy", 1, self._lora_path)
        return self.llm.generate(prompts, lora_request=request)
