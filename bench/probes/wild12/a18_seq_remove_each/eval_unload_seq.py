# why: one id (1) for three folders, but requests are sequential and remove_lora(1) runs after each, so every folder is loaded fresh (max_loras=4 would otherwise keep it)
import asyncio
import uuid

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

FOLDERS = ["/ckpt/sql-v1", "/ckpt/sql-v2", "/ckpt/sql-v3"]


async def score(engine, path):
    req = LoRARequest("sql", 1, path)
    text = ""
    async for out in engine.generate("Describe the schema.", SamplingParams(max_tokens=64),
                                     str(uuid.uuid4()), lora_request=req):
        text = out.outputs[0].text
    await engine.remove_lora(1)
    return text


async def main():
    engine = AsyncLLMEngine.from_engine_args(
        AsyncEngineArgs(model="meta-llama/Llama-3.2-1B-Instruct", enable_lora=True, max_loras=4)
    )
    for path in FOLDERS:
        print(path, await score(engine, path))


asyncio.run(main())
