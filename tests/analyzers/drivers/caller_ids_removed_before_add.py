# expect: Safe-by-eviction line=15 reason~="may be equal" reason~="remove_lora at caller_ids_removed_before_add.py:14"
"""A sync method whose id comes from its caller: two calls may pass the same id for different
folders, but the id is removed right before it is added, so whatever the ids are, the add is a
miss and reads the new folder."""
from vllm import LLM
from vllm.lora.request import LoRARequest


class AdapterSync:
    def __init__(self):
        self.llm = LLM(model="base", enable_lora=True)

    def push(self, adapter_id, folder):
        self.llm.llm_engine.remove_lora(adapter_id)
        self.llm.llm_engine.add_lora(LoRARequest("policy", adapter_id, folder))
