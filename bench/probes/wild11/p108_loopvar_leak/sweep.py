"""Validate checkpoints, then evaluate them all in one batch."""
import os
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

if __name__ == "__main__":
    ckpts = sys.argv[1:]
    for i, ckpt in enumerate(ckpts):
        if not os.path.exists(os.path.join(ckpt, "adapter_config.json")):
            raise SystemExit(f"missing adapter {ckpt}")
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    reqs = [LoRARequest(f"c{i}", i + 1, c) for c in ckpts]
    for r in reqs:
        print(r.lora_path, llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=r))
