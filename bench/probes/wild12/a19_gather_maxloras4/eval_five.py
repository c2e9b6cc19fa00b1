# why: max_loras=4; ids 1..5 then 1 again (new folder), all gathered: the batch holds ids 1-4, request 6 (id 1) joins it and gets v1's weights; sequentially id 5 would have evicted id 1
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
    texts = await asyncio.gather(*[run(engine, n, lid, p) for n, (lid, p) in enumerate(PLAN)])
    for (lid, p), t in zip(PLAN, texts):
        print(lid, p, t)


asyncio.run(main())
