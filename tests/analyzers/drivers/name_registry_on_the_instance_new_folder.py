# expect: Affected line=18 reason~="lora_int_id 1 is reused without invalidation" reason~="only with name (call 2) is name"
"""A server that numbers adapters by name on first sight and keeps the number: a caller that
names the same adapter again with a new folder (the next RL step) is served the first folder's
weights. Whether the second call's name is the first one's is the caller's to say, so it is a
decision of the world, never "different" by assumption (that was a false Safe-distinct-id)."""
from vllm import LLM
from vllm.lora.request import LoRARequest


class AdapterServer:
    def __init__(self, model: str):
        self.llm = LLM(model=model, enable_lora=True)
        self.ids = {}

    def generate(self, prompts, name, path):
        if name not in self.ids:
            self.ids[name] = len(self.ids) + 1
        request = LoRARequest(name, self.ids[name], path)
        return self.llm.generate(prompts, lora_request=request)
