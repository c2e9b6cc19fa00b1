# expect: Safe-probabilistic line=24 reason~="time.time_ns()"
"""A rollout worker: `update_weights` syncs each step's adapter under a clock id, `generate`
serves whatever the engine reports as loaded. Run on its own, `generate` finds a fresh engine
with nothing loaded; run after `update_weights` it only refers to the synced adapter."""
import time

from vllm import LLM
from vllm.lora.request import LoRARequest


class Rollout:
    def __init__(self, model):
        self.llm = LLM(model=model, enable_lora=True, max_loras=1)

    def generate(self, prompts):
        requests = None
        ids = list(self.llm.llm_engine.list_loras())
        if len(ids) > 0:
            requests = [LoRARequest(f"{ids[0]}", ids[0], "/stub-path") for _ in prompts]
        return self.llm.generate(prompts, lora_request=requests)

    def update_weights(self, folder):
        lora_int_id = int(time.time_ns() % 0x7FFFFFFF)
        self.llm.llm_engine.add_lora(LoRARequest(f"{lora_int_id}", lora_int_id, folder))
