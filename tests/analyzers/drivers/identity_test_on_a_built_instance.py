# expect: Safe-single-adapter line=24 reason~="one adapter per engine lifetime (lora_int_id 1, sys.argv[1])"
"""`cfg is None` on an object the script built is False whatever the class's `__eq__`
says: `is` compares identity. The fallback that serves another folder under the same id
never runs."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class AdapterConfig:
    def __init__(self, path):
        self.path = path

    def __eq__(self, other):
        return isinstance(other, AdapterConfig) and other.path == self.path


llm = LLM(model="base", enable_lora=True)
cfg = AdapterConfig(sys.argv[1])
if cfg is None:
    llm.generate(["warm up"], SamplingParams(), lora_request=LoRARequest("a", 1, "default"))
for prompt in sys.argv[2:]:
    llm.generate([prompt], SamplingParams(), lora_request=LoRARequest("a", 1, cfg.path))
