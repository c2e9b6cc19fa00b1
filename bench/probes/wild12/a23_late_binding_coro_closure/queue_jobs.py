# why: the nested coroutine reads idx and path from the enclosing scope when it RUNS (at gather, after the loop), so every request is (3, "/ckpt/c"): one adapter
import asyncio

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

FOLDERS = ["/ckpt/a", "/ckpt/b", "/ckpt/c"]


async def main():
    engine = AsyncLLMEngine.from_engine_args(
        AsyncEngineArgs(model="meta-llama/Llama-3.2-1B-Instruct", enable_lora=True, max_loras=1)
    )
    jobs = []
    for idx, path in enumerate(FOLDERS, start=1):
        async def job():
            req = LoRARequest(f"ad{idx}", idx, path)
            async for out in engine.generate("Hi", SamplingParams(max_tokens=8), f"j-{id(req)}",
                                             lora_request=req):
                if out.finished:
                    return path, out.outputs[0].text
        jobs.append(job())
    for path, text in await asyncio.gather(*jobs):
        print(path, text)


asyncio.run(main())
