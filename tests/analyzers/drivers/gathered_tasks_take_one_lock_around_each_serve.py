# expect: Safe-by-eviction line=18 reason~="evicted before every repeat"
"""Gathered, but each task holds one `asyncio.Lock` around its whole serve: the requests run
one at a time, so id 2 evicts id 1 (one slot) before id 1 comes back with another folder."""
import asyncio
import uuid

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

ADAPTERS = [("sql", 1, "/ckpt/sql-v1"), ("chat", 2, "/ckpt/chat-v1"), ("sql", 1, "/ckpt/sql-v2")]
_engine_lock = asyncio.Lock()


async def score(engine, name, lora_id, path):
    req = LoRARequest(name, lora_id, path)
    async with _engine_lock:
        text = ""
        async for out in engine.generate("Describe the schema.", SamplingParams(max_tokens=64),
                                         str(uuid.uuid4()), lora_request=req):
            text = out.outputs[0].text
    return path, text


async def main():
    engine = AsyncLLMEngine.from_engine_args(
        AsyncEngineArgs(model="meta-llama/Llama-3.2-1B-Instruct", enable_lora=True, max_loras=1)
    )
    print(await asyncio.gather(*[score(engine, *a) for a in ADAPTERS]))


asyncio.run(main())
