# expect: Safe-distinct-id line=26 reason~="every lora_int_id maps to one adapter"
"""A serving wrapper dispatches on the request's type: its own spec is pooled by name under a
new id, and a vLLM `LoRARequest` is passed through as it is. `isinstance` is decided from the
classes the analysis built (a spec is not a `LoRARequest`, nor the other way round), so no world
serves a spec object as if it were a request."""
from dataclasses import dataclass

from vllm import LLM
from vllm.lora.request import LoRARequest


@dataclass
class AdapterSpec:
    name: str
    path: str


class Engine:
    def __init__(self):
        self.llm = LLM(model="base", enable_lora=True)
        self.pool = {}

    def _request(self, adapter):
        if isinstance(adapter, AdapterSpec):
            if adapter.name not in self.pool:
                self.pool[adapter.name] = LoRARequest(adapter.name, len(self.pool) + 1, adapter.path)
            return self.pool[adapter.name]
        elif isinstance(adapter, LoRARequest):
            return adapter
        raise TypeError(adapter)

    def infer(self, prompts, adapter):
        return self.llm.generate(prompts, lora_request=self._request(adapter))


engine = Engine()
engine.infer(["q"], AdapterSpec("math", "/adapters/math"))
engine.infer(["q"], AdapterSpec("code", "/adapters/code"))
engine.infer(["q"], LoRARequest("reference", 111, "/adapters/reference"))
