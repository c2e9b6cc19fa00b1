# expect: Affected line=17 reason~="lora_int_id 1 is reused without invalidation" reason~="only with name (call 2) is name"
"""The list form of the registry above: `name not in self.names` asks whether the caller's
name is one an earlier call kept, and the id is the list's length, so the same name with a new
folder keeps its id."""
from vllm import LLM
from vllm.lora.request import LoRARequest


class Adapters:
    def __init__(self, model: str):
        self.llm = LLM(model=model, enable_lora=True)
        self.names = []

    def chat(self, prompts, name, folder):
        if name not in self.names:
            self.names.append(name)
        request = LoRARequest(name, len(self.names), folder)
        return self.llm.generate(prompts, lora_request=request)
