# why: create_task starts every task at the first await, so awaiting them one by one still has all three requests in flight; sql-v2 joins sql-v1's batch
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
    return path, text


async def main():
    engine = AsyncLLMEngine.from_engine_args(
        AsyncEngineArgs(model="meta-llama/Llama-3.2-1B-Instruct", enable_lora=True, max_loras=1)
    )
    pending = [asyncio.create_task(score(engine, *a)) for a in ADAPTERS]
    for task in pending:
        path, text = await task
        print(path, text[:60])


asyncio.run(main())
