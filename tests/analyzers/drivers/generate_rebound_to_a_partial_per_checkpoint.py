# expect: Affected line=12 reason~="the request for 'ckpt/checkpoint-200' at generate_rebound_to_a_partial_per_checkpoint.py:14 is served 'ckpt/checkpoint-100'"
"""`llm.generate = partial(llm.generate, lora_request=...)` per checkpoint (text-to-lora's
`use_lora()` shape): the attribute set on the engine is what `llm.generate(...)` calls. It was
taken for vLLM's own method, called with no request: No-realized-run."""
from functools import partial

from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
for path in ["ckpt/checkpoint-100", "ckpt/checkpoint-200"]:
    request = LoRARequest("adapter", 1, path)
    llm.generate = partial(llm.generate, lora_request=request)
    llm.generate(["hello"])
