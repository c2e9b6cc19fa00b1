# why: max_loras=4 (cpu cache 4); sequential ids 1..5 evict id 1 (LRU) before id 1 comes back with t1-v2
import asyncio

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

PLAN = [(1, "/l/t1-v1"), (2, "/l/t2"), (3, "/l/t3"), (4, "/l/t4"), (5, "/l/t5"), (1, "/l/t1-v2")]


async def run(engine, n, lid, path):
    req = LoRARequest(f"t{lid}", lid, path)
    async for out in engine.generate("Explain gravity.", SamplingParams(max_tokens=48),
                                     f"job{n}", lora_request=req):
        if out.finished:
            return out.outputs[0].text


async def main():
    engine = AsyncLLMEngine.from_engine_args(
        AsyncEngineArgs(model="meta-llama/Llama-3.1-8B-Instruct", enable_lora=True,
                        max_loras=4, max_lora_rank=32)
    )
    for n, (lid, p) in enumerate(PLAN):
        print(lid, p, await run(engine, n, lid, p))


asyncio.run(main())
