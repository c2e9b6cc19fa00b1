"""Evaluate checkpoints; ids are the position in the registry of used adapters."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def register(used: tuple, path: str) -> int:
    used += (path,)
    return len(used)


if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    used: tuple = ()
    for ckpt in sys.argv[1:]:
        lora_id = register(used, ckpt)
        req = LoRARequest(f"c{lora_id}", lora_id, ckpt)
        print(llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))
