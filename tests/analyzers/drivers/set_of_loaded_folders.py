# expect: Safe-distinct-id line=16 reason~="distinct ids"
"""Folders kept in a set, each new folder numbered by the set's size after `add`: the same folder
again keeps its number (a cache hit of that folder), another folder gets the next one."""
from vllm import LLM
from vllm.lora.request import LoRARequest


class Server:
    def __init__(self, model: str):
        self.llm = LLM(model=model, enable_lora=True)
        self.seen = set()

    def serve(self, prompts, folder):
        if folder not in self.seen:
            self.seen.add(folder)
        request = LoRARequest(folder, len(self.seen), folder)
        return self.llm.generate(prompts, lora_request=request)
