# expect: Safe-by-eviction vllm=0.15.0 line=15 reason~="may be equal" reason~="reloads it (LoRARequest(load_inplace=True)"; Indeterminate vllm=0.14.0 line=15 reason~="raises TypeError"
"""A sync method whose id comes from its caller: two calls may pass the same id for different
folders, but each request asks vLLM to reload the id in place, so whatever the ids are, the add
reads the new folder. Before vLLM 0.15 `load_inplace` does not exist and the request raises."""
from vllm import LLM
from vllm.lora.request import LoRARequest


class AdapterSync:
    def __init__(self):
        self.llm = LLM(model="base", enable_lora=True)

    def push(self, adapter_id, folder):
        self.llm.llm_engine.add_lora(
            LoRARequest("policy", adapter_id, folder, load_inplace=True)
        )
