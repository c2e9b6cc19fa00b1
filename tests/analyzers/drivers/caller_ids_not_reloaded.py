# expect: Indeterminate line=13 reason~="only known at run time; if they are equal"
"""The same sync method without `load_inplace`: two calls that pass the same id for different
folders are served the first folder, and nothing here says whether they do."""
from vllm import LLM
from vllm.lora.request import LoRARequest


class AdapterSync:
    def __init__(self):
        self.llm = LLM(model="base", enable_lora=True)

    def push(self, adapter_id, folder):
        self.llm.llm_engine.add_lora(LoRARequest("policy", adapter_id, folder))
