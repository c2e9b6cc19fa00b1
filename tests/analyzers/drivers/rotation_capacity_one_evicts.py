# expect: Safe-by-eviction line=11 reason~="lora_int_id 1 comes back with a different adapter" reason~="evicted before every repeat (the LRU cache holds 1 adapter"
"""Two alternating slots at capacity 1: the other slot always evicts this one before it recurs."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CHECKPOINTS = [f"out/epoch_{e}" for e in range(6)]
llm = LLM(model="base", enable_lora=True, max_loras=1)
for i, path in enumerate(CHECKPOINTS):
    # two alternating slots: at capacity 1 the other slot always evicts this one first
    request = LoRARequest(f"slot{i % 2}", i % 2 + 1, path)
    llm.generate(["x"], SamplingParams(), lora_request=request)
