# expect: Safe-by-eviction line=18 reason~="evicted before every repeat"
"""__getattr__ forwards remove_lora and add_lora to the engine the wrapper holds: id 9 is dropped before each add."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class ManagedEngine:
    def __init__(self, base):
        self._llm = LLM(model=base, enable_lora=True)

    def __getattr__(self, name):
        return getattr(self._llm.llm_engine, name)


engine = ManagedEngine("base")
for ckpt in ["s/1", "s/2", "s/3"]:
    engine.remove_lora(9)
    engine.add_lora(LoRARequest("s", 9, ckpt))
    engine._llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("s", 9, ckpt))
