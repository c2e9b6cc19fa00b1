# why: Semaphore(1) wraps the whole generate, so requests run strictly one at a time; chat (id 2) evicts sql-v1 before sql-v2 reuses id 1 (max_loras=1)
import asyncio
import uuid

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

ADAPTERS = [("sql", 1, "/ckpt/sql-v1"), ("chat", 2, "/ckpt/chat-v1"), ("sql", 1, "/ckpt/sql-v2")]
PROMPT = "List all tables in the database."


async def score(engine, sem, name, lora_id, path):
    async with sem:
        req = LoRARequest(name, lora_id, path)
        params = SamplingParams(temperature=0.0, max_tokens=128)
        text = ""
        async for out in engine.generate(PROMPT, params, str(uuid.uuid4()), lora_request=req):
            text = out.outputs[0].text
        return path, text


async def main():
    engine = AsyncLLMEngine.from_engine_args(
        AsyncEngineArgs(model="meta-llama/Llama-3.2-1B-Instruct", enable_lora=True, max_loras=1)
    )
    sem = asyncio.Semaphore(1)
    results = await asyncio.gather(*[score(engine, sem, *a) for a in ADAPTERS])
    for path, text in results:
        print(path, text[:80])


asyncio.run(main())
