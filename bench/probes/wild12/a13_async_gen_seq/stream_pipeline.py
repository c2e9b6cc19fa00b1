# why: the async generator finishes each engine.generate stream before starting the next request: sequential; id 2 evicts id 1 (max_loras=1) before v2 reloads id 1
import asyncio

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

SCHEDULE = [(1, "/ckpt/summ-v1"), (2, "/ckpt/qa-v1"), (1, "/ckpt/summ-v2")]


async def stream_all(engine, schedule):
    for n, (lid, path) in enumerate(schedule):
        req = LoRARequest(f"a{lid}", lid, path)
        async for out in engine.generate("Summarise: the cat sat.", SamplingParams(max_tokens=16),
                                         f"req-{n}", lora_request=req):
            if out.finished:
                yield path, out.outputs[0].text


async def main():
    engine = AsyncLLMEngine.from_engine_args(
        AsyncEngineArgs(model="Qwen/Qwen2.5-1.5B-Instruct", enable_lora=True)
    )
    async for path, text in stream_all(engine, SCHEDULE):
        print(path, text)


asyncio.run(main())
