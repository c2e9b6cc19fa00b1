"""Evaluate the checkpoints given on the command line."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt in sys.argv[1:]:
        req = LoRARequest("cand", 1, ckpt)
        print(ckpt, llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))
