# expect: Safe-distinct-id line=21 reason~="distinct"
"""The same re-save on a new step, but the class counts its own steps and derives the id from
them, and nothing outside the repository keeps state on it: what it stored stays as it left it
between two calls, so each new save gets a new id."""
import tempfile

from vllm import LLM
from vllm.lora.request import LoRARequest


class Sampler:
    def __init__(self, model):
        self.model = model
        self.llm = LLM(model="base", enable_lora=True)
        self.step = 0

    def generate(self, prompts):
        self.step += 1
        path = tempfile.mkdtemp(prefix=f"lora_{self.step}_")
        self.model.save_pretrained(path)
        request = LoRARequest("policy", self.step, path)
        return self.llm.generate(prompts, lora_request=request)
