# expect: Affected line=24 reason~="called again" reason~="is rewritten"
"""A trainer subclass (library code: nothing in the file trains) re-saves its adapter into one
temporary folder whenever the framework's step counter moved on since the last load, and serves
it under one lora_int_id. The `Trainer` it extends counts `self.state.global_step` up between two
calls, so every generation after the first step is served the first step's weights."""
import tempfile

from transformers import Trainer
from vllm import LLM
from vllm.lora.request import LoRARequest


class OnlineTrainer(Trainer):
    def __init__(self, model, args, adapter_id=1):
        super().__init__(model=model, args=args)
        self.adapter_id = adapter_id
        self.llm = LLM(model="base", enable_lora=True)
        self._last_loaded_step = -1

    def generate(self, prompts):
        if self.state.global_step != self._last_loaded_step:
            self._last_loaded_step = self.state.global_step
            self._sync_adapter()
        request = LoRARequest("policy", self.adapter_id, self._lora_path)
        return self.llm.generate(prompts, lora_request=request)

    def _sync_adapter(self):
        if not hasattr(self, "_lora_path"):
            self._lora_path = tempfile.mkdtemp(prefix="lora_")
        self.model.save_pretrained(self._lora_path)
