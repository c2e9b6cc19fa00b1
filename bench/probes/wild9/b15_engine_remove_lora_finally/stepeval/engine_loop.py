"""Drive an LLMEngine directly (we need per-request streaming stats)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from vllm import EngineArgs, LLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

EVAL_LORA_ID = 7


@dataclass
class Stats:
    texts: list[str]
    ttft_s: list[float]


def make_engine(base: str) -> LLMEngine:
    return LLMEngine.from_engine_args(EngineArgs(
        model=base, enable_lora=True, max_loras=1, max_cpu_loras=4, max_lora_rank=16,
    ))


def run_checkpoint(engine: LLMEngine, ckpt_path: str, prompts: list[str],
                   sp: SamplingParams) -> Stats:
    lora = LoRARequest(lora_name="eval", lora_int_id=EVAL_LORA_ID, lora_path=ckpt_path)
    engine.add_lora(lora)
    try:
        start = {}
        first = {}
        done: dict[str, str] = {}
        for i, p in enumerate(prompts):
            rid = f"req-{i}"
            start[rid] = time.perf_counter()
            engine.add_request(rid, p, sp, lora_request=lora)
        while engine.has_unfinished_requests():
            for out in engine.step():
                first.setdefault(out.request_id, time.perf_counter())
                if out.finished:
                    done[out.request_id] = out.outputs[0].text
        order = [f"req-{i}" for i in range(len(prompts))]
        return Stats([done[r] for r in order], [first[r] - start[r] for r in order])
    finally:
        # drop the adapter so the next checkpoint (same id) is read from disk
        engine.remove_lora(EVAL_LORA_ID)
