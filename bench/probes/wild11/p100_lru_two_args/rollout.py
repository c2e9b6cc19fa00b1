"""Roll out saved policy checkpoints; ids cached per (base, role)."""
import functools
import itertools

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

BASE = "Qwen/Qwen2.5-0.5B"
_ids = itertools.count(1)


@functools.lru_cache(maxsize=None)
def lora_id_for(base: str, role: str) -> int:
    return next(_ids)


if __name__ == "__main__":
    llm = LLM(model=BASE, enable_lora=True)
    for step in range(0, 300, 100):
        req = LoRARequest("policy", lora_id_for(BASE, "policy"), f"/ckpt/ppo/step-{step}")
        print(step, llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))
