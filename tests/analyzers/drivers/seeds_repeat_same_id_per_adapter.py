# expect: Safe-distinct-id line=11 reason~="every lora_int_id maps to one adapter within each engine lifetime" reason~="3 distinct ids"
"""Three seeds over the same three adapters with ids 1..3: each repeat is the same adapter."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

SEEDS = [0, 1, 2]
CKPTS = ["ck/a", "ck/b", "ck/c"]
llm = LLM(model="base", enable_lora=True, max_loras=3)
for seed in SEEDS:
    for i, ckpt in enumerate(CKPTS):
        llm.generate(["x"], SamplingParams(seed=seed), lora_request=LoRARequest(f"c{i}", i + 1, ckpt))
