# expect: Safe-by-eviction line=29 reason~="remove_lora at private_helper_entered_through_its_dropping_caller.py:17"
"""A worker extension whose public method drops the adapter id and then hands the new tensors
to a private helper that re-adds it. Nothing in the file calls the method, so it is analysed as
outside callers use it; the helper is entered through it, not on its own (alone, two calls of
the helper would re-add id 123 with nothing dropped in between)."""
from vllm.lora.request import LoRARequest


class TensorLoRARequest(LoRARequest):
    peft_config: dict = None
    lora_tensors: dict = None


class WorkerExtension:
    def update_weights(self, tensors, peft_config=None, ready=False):
        if peft_config and ready:
            self.remove_lora(123)
        self._load(tensors, peft_config, ready)

    def _load(self, tensors, peft_config, ready):
        if peft_config and ready:
            request = TensorLoRARequest(
                lora_name="policy",
                lora_int_id=123,
                lora_path="dummy",
                peft_config=peft_config,
                lora_tensors=dict(tensors),
            )
            self.add_lora(request)
        else:
            self.model_runner.model.load_weights(tensors)
