# expect: Indeterminate line=9 reason~="probability at most 1"
"""Six adapters under `abs(hash(p)) % 4 + 1` with a cache that holds all four ids, but each id
is removed after its adapter is served: a shared id is loaded afresh, never served stale."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True, max_loras=4)
for p in ["c/1", "c/2", "c/3", "c/4", "c/5", "c/6"]:
    slot = abs(hash(p)) % 4 + 1
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(p, slot, p))
    llm.llm_engine.remove_lora(slot)
