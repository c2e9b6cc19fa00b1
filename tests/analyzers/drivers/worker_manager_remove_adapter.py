# expect: Safe-by-eviction line=12 reason~="evicted before every repeat" reason~="remove_adapter at worker_manager_remove_adapter.py:11"
"""A worker extension (its `self` is a vLLM worker the analysis cannot see) drops the resident
adapter through the worker's LoRA manager before adding the new folder under the same id: the
add is a miss every time."""
from vllm.lora.request import LoRARequest


class WeightSync:
    def reload(self, folder):
        manager = self.model_runner.lora_manager
        manager.remove_adapter(5)
        self.model_runner.add_lora(LoRARequest("policy", 5, folder))
