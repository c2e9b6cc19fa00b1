"""A trainer subclass re-saves its adapter into one temporary folder on each new step and
alternates between two lora_int_ids, so that vLLM (one adapter slot, the default) evicts the
other id before each one comes back: every step's generation loads the step's weights."""
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
            self._sync_adapter()
            self._last_loaded_step = self.state.global_step
        adapter_id = self.adapter_id + (self.state.global_step % 2)
        request = LoRARequest("policy", adapter_id, self._lora_path)
        return self.llm.generate(prompts, lora_request=request)

    def _sync_adapter(self):
        if not hasattr(self, "_lora_path"):
            self._lora_path = tempfile.mkdtemp(prefix="lora_")
        self.model.save_pretrained(self._lora_path)
