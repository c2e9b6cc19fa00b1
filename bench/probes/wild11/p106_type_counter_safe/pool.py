"""Adapter pool with a class-wide running id; one pool per evaluated checkpoint."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class AdapterPool:
    next_id = 1

    def request(self, path: str) -> LoRARequest:
        lora_id = type(self).next_id
        type(self).next_id += 1
        return LoRARequest(f"pool{lora_id}", lora_id, path)


if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt in sys.argv[1:]:
        req = AdapterPool().request(ckpt)
        print(llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))
