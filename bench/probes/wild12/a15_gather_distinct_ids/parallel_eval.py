# why: gathered concurrently, but each folder gets its own id from enumerate (1..4); no id ever names two folders
import asyncio

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = ["/runs/a/ckpt-100", "/runs/b/ckpt-100", "/runs/a/ckpt-200", "/runs/b/ckpt-200"]


async def evaluate(engine, lid, path):
    req = LoRARequest(f"ckpt{lid}", lid, path)
    async for out in engine.generate("Once upon a time", SamplingParams(max_tokens=32),
                                     f"eval-{lid}", lora_request=req):
        if out.finished:
            return path, out.outputs[0].text


async def main():
    engine = AsyncLLMEngine.from_engine_args(
        AsyncEngineArgs(model="meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=2)
    )
    jobs = [evaluate(engine, i, p) for i, p in enumerate(CKPTS, start=1)]
    for path, text in await asyncio.gather(*jobs):
        print(path, text)


asyncio.run(main())
