# why: three coroutines gathered on one AsyncLLMEngine run together; sql-v2 (id 1) joins sql-v1's batch at max_loras=1 and is served sql-v1's weights
import asyncio
import uuid

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

ADAPTERS = [
    ("sql", 1, "/ckpt/sql-v1"),
    ("chat", 2, "/ckpt/chat-v1"),
    ("sql", 1, "/ckpt/sql-v2"),
]
PROMPT = "List all tables in the database."


async def score(engine, name, lora_id, path):
    params = SamplingParams(temperature=0.0, max_tokens=128)
    req = LoRARequest(name, lora_id, path)
    final = None
    async for out in engine.generate(PROMPT, params, str(uuid.uuid4()), lora_request=req):
        final = out
    return path, final.outputs[0].text


async def main():
    args = AsyncEngineArgs(model="meta-llama/Llama-3.2-1B-Instruct", enable_lora=True, max_loras=1)
    engine = AsyncLLMEngine.from_engine_args(args)
    tasks = [score(engine, n, i, p) for n, i, p in ADAPTERS]
    for path, text in await asyncio.gather(*tasks):
        print(path, text[:80])


if __name__ == "__main__":
    asyncio.run(main())
