"""Evaluate checkpoints; caches are reset between adapters."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True, enable_prefix_caching=True)
    for ckpt in sys.argv[1:]:
        llm.reset_prefix_cache()
        req = LoRARequest("cand", 1, ckpt)
        print(ckpt, llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))
