# expect: Affected line=10 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'a'" reason~="1 of 2 requests are stale"
"""A new engine only on even checkpoints: each odd checkpoint shares the engine, and id 1, with the
one before it."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = None
for i, ckpt in enumerate(["a", "b", "c", "d"]):
    if i % 2 == 0:
        llm = LLM(model="b", enable_lora=True)
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("s", 1, ckpt))
