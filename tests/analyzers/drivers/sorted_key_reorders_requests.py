# expect: Affected line=8 reason~="the request for '/ck/c'" reason~="is served '/ck/a'"
"""Sorted by id, both id-1 folders come first: /ck/c follows /ck/a with no eviction between."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
RUNS = [("/ck/a", 1), ("/ck/b", 2), ("/ck/c", 1)]
llm = LLM(model="base", enable_lora=True, max_loras=1, max_cpu_loras=1)
for path, lora_id in sorted(RUNS, key=lambda run: run[1]):
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(path, lora_id, path))
