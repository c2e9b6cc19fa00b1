# expect: Affected line=21 reason~="lora_int_id 1 is reused"
"""The guard of `gathered_tasks_take_one_lock_around_each_serve.py`: the semaphore of one is
held only while a task prepares its prompt, so the serves are in flight together again."""
import asyncio
import uuid

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

ADAPTERS = [("sql", 1, "/ckpt/sql-v1"), ("chat", 2, "/ckpt/chat-v1"), ("sql", 1, "/ckpt/sql-v2")]


async def build_prompt(sem, name):
    async with sem:
        await asyncio.sleep(0)
        return f"[{name}] Summarise the schema."


async def score(engine, sem, name, lora_id, path):
    prompt = await build_prompt(sem, name)
    req = LoRARequest(name, lora_id, path)
    text = ""
    async for out in engine.generate(prompt, SamplingParams(max_tokens=64), uuid.uuid4().hex, lora_request=req):
        text = out.outputs[0].text
    return path, text


async def main():
    engine = AsyncLLMEngine.from_engine_args(
        AsyncEngineArgs(model="Qwen/Qwen2.5-0.5B-Instruct", enable_lora=True, max_loras=1)
    )
    sem = asyncio.Semaphore(1)
    print(await asyncio.gather(*(score(engine, sem, *a) for a in ADAPTERS)))


asyncio.run(main())
