# expect: Affected line=8 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'a'" reason~="2 of 4 requests are stale"
"""max_loras=len(paths) is 4, ids rotate over two slots: slot 1 is still cached when 'c' reuses it."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
paths = ["a", "b", "c", "d"]
llm = LLM(model="b", enable_lora=True, max_loras=len(paths))
for i, p in enumerate(paths):
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(f"n{i}", i % 2 + 1, p))
