# why: the folder is passed as an argument (bound per job) but idx is read late from the closure: every job uses id 3 with folders a, b, c -> stale serve
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
        async def job(folder):
            req = LoRARequest(f"ad{idx}", idx, folder)
            async for out in engine.generate("Hi", SamplingParams(max_tokens=8), folder,
                                             lora_request=req):
                if out.finished:
                    return folder, out.outputs[0].text
        jobs.append(job(path))
    for path, text in await asyncio.gather(*jobs):
        print(path, text)


asyncio.run(main())
