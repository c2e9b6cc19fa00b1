"""Evaluate checkpoints (engine built without LoRA support)."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B")
    for ckpt in sys.argv[1:]:
        print(ckpt, llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=LoRARequest("cand", 1, ckpt)))
