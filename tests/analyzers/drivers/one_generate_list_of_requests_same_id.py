# expect: Affected line=8 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'a'" reason~="2 of 3 requests are stale"
"""One generate() call with a list of requests, all id 1: the prompts for b and c get a's weights."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
paths = ["a", "b", "c"]
llm = LLM(model="b", enable_lora=True, max_loras=3)
prompts = ["q"] * len(paths)
llm.generate(prompts, SamplingParams(), lora_request=[LoRARequest(f"n{i}", 1, p) for i, p in enumerate(paths)])
