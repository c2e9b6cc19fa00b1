# expect: Affected line=10 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'ckpt/1'" reason~="2 of 3 requests are stale"
"""The engine is built lazily on the first checkpoint and reused for the rest: id 1 stays cached."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = None
for checkpoint in ["ckpt/1", "ckpt/2", "ckpt/3"]:
    if llm is None:
        llm = LLM(model="base", enable_lora=True)
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("ckpt", 1, checkpoint))
