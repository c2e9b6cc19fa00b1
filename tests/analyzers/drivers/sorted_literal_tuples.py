# expect: Safe-by-eviction line=8 reason~="evicted before every repeat"
"""Sorted by path, id 2 comes between the two id-1 folders and evicts the first (one slot)."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
RUNS = [("/ck/c", 1), ("/ck/b", 2), ("/ck/a", 1)]
llm = LLM(model="base", enable_lora=True, max_loras=1, max_cpu_loras=1)
for path, lora_id in sorted(RUNS):
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(path, lora_id, path))
