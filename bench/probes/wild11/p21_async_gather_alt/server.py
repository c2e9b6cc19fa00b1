"""Async evaluation: score all candidates concurrently on one engine.

Two adapter slots are used in turn; the engine keeps one adapter at a time.
"""
import asyncio
import uuid

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = ["/ckpt/sweep/lr1e-4", "/ckpt/sweep/lr3e-4", "/ckpt/sweep/lr1e-3"]


async def score(engine: AsyncLLMEngine, idx: int, path: str) -> str:
    req = LoRARequest(f"cand{idx}", idx % 2 + 1, path)
    text = ""
    async for out in engine.generate("Write a haiku.", SamplingParams(max_tokens=32), str(uuid.uuid4()), lora_request=req):
        text = out.outputs[0].text
    return text


async def main() -> None:
    engine = AsyncLLMEngine.from_engine_args(AsyncEngineArgs(model="meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=1))
    results = await asyncio.gather(*(score(engine, i, p) for i, p in enumerate(CKPTS)))
    for p, r in zip(CKPTS, results):
        print(p, r)


if __name__ == "__main__":
    asyncio.run(main())
