# expect: Indeterminate line=8 reason~="a stale serve needs two of 3 adapters to collide modulo 4" reason~="probability at most 1"
"""Three adapters under `abs(hash(p)) % 4 + 1`: four ids for three adapters, so a collision is
possible but not certain, and likely enough that no useful bound exists."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True, max_loras=4)
for p in ["c/1", "c/2", "c/3"]:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(p, abs(hash(p)) % 4 + 1, p))
