"""Preload adapters into the engine, then serve them."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora import request as lr

if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    preload = getattr(llm.llm_engine, "add_lora")
    make = getattr(lr, "LoRARequest")
    for ckpt in sys.argv[1:]:
        req = make("cand", 1, ckpt)
        preload(req)
        print(llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))
