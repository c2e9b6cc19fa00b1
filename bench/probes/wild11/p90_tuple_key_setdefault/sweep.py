"""Sweep checkpoints; one id per (base model, task) pair."""
import itertools

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

BASE = "Qwen/Qwen2.5-0.5B"
CKPTS = [("math", "/ck/math/step-1"), ("math", "/ck/math/step-2"), ("code", "/ck/code/step-1")]

if __name__ == "__main__":
    counter = itertools.count(1)
    ids: dict[tuple[str, str], int] = {}
    llm = LLM(model=BASE, enable_lora=True)
    for task, path in CKPTS:
        key = (BASE, task)
        if key not in ids:
            ids[key] = next(counter)
        req = LoRARequest(f"{task}-{ids[key]}", ids[key], path)
        print(path, llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))
