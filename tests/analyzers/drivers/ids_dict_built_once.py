# expect: Safe-distinct-id line=10 reason~="every lora_int_id maps to one adapter within each engine lifetime" reason~="3 distinct ids"
"""A path -> id dict built once: each repeat of a path is its own adapter."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
PATHS = ["m/a", "m/b", "m/c"]
IDS = {p: i + 1 for i, p in enumerate(PATHS)}
llm = LLM(model="b", enable_lora=True, max_loras=2)
for rep in range(3):
    for p in PATHS:
        llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(p, IDS[p], p))
