# expect: Affected line=16 reason~="lora_int_id 1 is reused"
"""A subclass of `LLM` builds itself through `super().__init__(...)` (two adapter slots), keeps
the request of its current adapter, and overrides `generate` to serve it through vLLM's own
`super().generate(...)`. Switching checkpoints keeps lora_int_id 1 on the same engine."""
import sys
from vllm import LLM
from vllm.lora.request import LoRARequest


class AdapterLLM(LLM):
    def __init__(self, model, adapter):
        super().__init__(model=model, enable_lora=True, max_loras=2)
        self.use(adapter)

    def use(self, adapter):
        self.req = LoRARequest("a", 1, adapter)

    def generate(self, prompts, **kw):
        return super().generate(prompts, lora_request=self.req, **kw)


llm = AdapterLLM("m", sys.argv[1])
for ckpt in sys.argv[2:]:
    llm.use(ckpt)
    print(llm.generate(["hi"]))
