# expect: Affected line=9 reason~="lora_int_id LORA_ID is reused without invalidation in LLM" reason~="is served 'c/1'" reason~="2 of 3 requests are stale"
"""The id comes from an environment variable read once: unknown, but the same for every checkpoint."""
import os
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
LORA_ID = int(os.environ["LORA_ID"])
llm = LLM(model="b", enable_lora=True)
for c in ["c/1", "c/2", "c/3"]:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", LORA_ID, c))
