# expect: Safe-single-adapter line=12 reason~="each one gets a new engine"
"""The same kind of subclass, but a new engine per checkpoint (dropped after its serve): id 1
is reused only across engines, each with an empty cache."""
import sys
from vllm import LLM
from vllm.lora.request import LoRARequest


class AdapterLLM(LLM):
    def __init__(self, model, adapter):
        super().__init__(model=model, enable_lora=True)
        self.req = LoRARequest("a", 1, adapter)

    def generate(self, prompts, **kw):
        return super().generate(prompts, lora_request=self.req, **kw)


for ckpt in sys.argv[1:]:
    llm = AdapterLLM("m", ckpt)
    print(llm.generate(["hi"]))
    del llm
