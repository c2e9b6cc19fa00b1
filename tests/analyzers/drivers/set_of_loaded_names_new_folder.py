# expect: Affected line=17 reason~="lora_int_id 1 is reused without invalidation" reason~="only with name (call 2) is name"
"""Names kept in a set, the id its size: `set.add` is modelled (it was left out, so the set
stayed empty and every id read as 0). The same name with a new folder keeps its id."""
from vllm import LLM
from vllm.lora.request import LoRARequest


class Server:
    def __init__(self, model: str):
        self.llm = LLM(model=model, enable_lora=True)
        self.loaded = set()

    def serve(self, prompts, name, folder):
        if name not in self.loaded:
            self.loaded.add(name)
            self.llm.llm_engine.add_lora(LoRARequest(name, len(self.loaded), folder))
        return self.llm.generate(prompts, lora_request=LoRARequest(name, len(self.loaded), folder))
