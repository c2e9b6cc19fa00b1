# expect: Affected line=18 reason~="lora_int_id 1 is reused without invalidation" reason~="only with name (call 2) is name"
"""A name seen again has its old entry deleted, and the new id is the table's size plus one: the
same name with a new folder is numbered 1 again, and nothing told vLLM to drop adapter 1. The
deletion has to find the entry the way the lookup did (a caller's name may be a kept one)."""
from vllm import LLM
from vllm.lora.request import LoRARequest


class Server:
    def __init__(self, model: str):
        self.llm = LLM(model=model, enable_lora=True)
        self.ids = {}

    def serve(self, prompts, name, folder):
        if name in self.ids:
            del self.ids[name]
        self.ids[name] = len(self.ids) + 1
        request = LoRARequest(name, self.ids[name], folder)
        return self.llm.generate(prompts, lora_request=request)
