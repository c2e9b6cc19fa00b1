# expect: Affected line=17 reason~="the request for 's/2'"
"""The wrapper forwards add_lora to its engine, and nothing drops id 9 between checkpoints."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class ManagedEngine:
    def __init__(self, base):
        self._llm = LLM(model=base, enable_lora=True)

    def __getattr__(self, name):
        return getattr(self._llm.llm_engine, name)


engine = ManagedEngine("base")
for ckpt in ["s/1", "s/2", "s/3"]:
    engine.add_lora(LoRARequest("s", 9, ckpt))
    engine._llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("s", 9, ckpt))
