# expect: No-realized-run line=11 reason~="has LoRA off"
"""The engine is built without `enable_lora=True`: vLLM refuses the first request with a
ValueError ("LoRA is not enabled"), so no checkpoint is ever served, stale or not."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM(model="Qwen/Qwen2.5-0.5B")
for ckpt in sys.argv[1:]:
    print(llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("cand", 1, ckpt)))
