# expect: Affected
"""The engine is built lazily on the first checkpoint and then reused for the rest."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = None
for checkpoint in ["ckpt/1", "ckpt/2", "ckpt/3"]:
    if llm is None:
        llm = LLM(model="base", enable_lora=True)
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("ckpt", 1, checkpoint))
