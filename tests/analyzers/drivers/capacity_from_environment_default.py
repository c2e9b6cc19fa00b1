# expect: Indeterminate line=13 reason~="(os.environ['MAX_LORAS']" reason~="with 1 adapter, Safe-by-eviction; with more, Affected"
"""The cache size comes from an environment variable, "1" when unset: with one slot the other
adapter evicts id 1 before v2 comes, with two v2 is served v1. The default is one value the
environment may hold, not the only one."""
import os

from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM("m", enable_lora=True, max_loras=int(os.environ.get("MAX_LORAS", "1")))
llm.generate(["x"], lora_request=LoRARequest("a", 1, "v1"))
llm.generate(["x"], lora_request=LoRARequest("b", 2, "ctrl"))
llm.generate(["x"], lora_request=LoRARequest("a", 1, "v2"))
