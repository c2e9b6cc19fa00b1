# why: `[await f(x) for x in ...]` awaits each coroutine before making the next: strictly sequential; id 2 evicts id 1 (max_loras=1) before sql-v2 loads under id 1
import asyncio
import uuid

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

ADAPTERS = [("sql", 1, "/ckpt/sql-v1"), ("chat", 2, "/ckpt/chat-v1"), ("sql", 1, "/ckpt/sql-v2")]


async def score(engine, name, lora_id, path):
    req = LoRARequest(name, lora_id, path)
    text = ""
    async for out in engine.generate("Describe the schema.", SamplingParams(max_tokens=64),
                                     str(uuid.uuid4()), lora_request=req):
        text = out.outputs[0].text
    return text


async def main():
    engine = AsyncLLMEngine.from_engine_args(
        AsyncEngineArgs(model="meta-llama/Llama-3.2-1B-Instruct", enable_lora=True, max_loras=1)
    )
    results = [await score(engine, *a) for a in ADAPTERS]
    print(dict(zip((p for _, _, p in ADAPTERS), results)))


asyncio.run(main())
