from __future__ import annotations

import time

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from ablate.ids import lora_id


def run_sweep(base: str, ckpts: dict[int, str], prompts: list[str], scheme: str,
              max_loras: int = 1) -> dict[int, dict]:
    llm = LLM(model=base, enable_lora=True, max_loras=max_loras, max_lora_rank=16,
              enable_prefix_caching=True)
    sp = SamplingParams(temperature=0.0, max_tokens=64)
    rows = {}
    for step, path in sorted(ckpts.items()):
        req = LoRARequest(f"ck{step}", lora_id(scheme, step), path)
        t0 = time.perf_counter()
        outs = llm.generate(prompts, sp, lora_request=req)
        rows[step] = {"latency_s": time.perf_counter() - t0,
                      "sample": outs[0].outputs[0].text}
    return rows
