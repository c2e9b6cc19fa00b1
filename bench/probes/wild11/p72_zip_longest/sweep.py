"""Evaluate checkpoints; the first two get reserved slots, the rest share slot 1."""
import itertools
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

RESERVED = [1, 2]

if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True, max_loras=2)
    for ckpt, lora_id in itertools.zip_longest(sys.argv[1:], RESERVED, fillvalue=1):
        if ckpt is None:
            break
        req = LoRARequest(f"slot{lora_id}", lora_id, ckpt)
        print(ckpt, llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))
