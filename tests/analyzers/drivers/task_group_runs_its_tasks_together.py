# expect: Affected line=17 reason~="lora_int_id 3 is reused"
"""`asyncio.TaskGroup` starts every task at once and waits for them at the end of its block: the
requests are in flight together, and the repeat of id 3 joins the first one's batch."""
import asyncio

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

JOBS = [
    {"task": "math", "id": 3, "path": "/adapters/math/epoch1"},
    {"task": "code", "id": 4, "path": "/adapters/code/epoch1"},
    {"task": "math", "id": 3, "path": "/adapters/math/epoch2"},
]


async def grade(engine, job):
    req = LoRARequest(job["task"], job["id"], job["path"])
    text = ""
    async for out in engine.generate("2+2=?", SamplingParams(temperature=0), job["path"], lora_request=req):
        text = out.outputs[0].text
    return text


async def main():
    engine = AsyncLLMEngine.from_engine_args(
        AsyncEngineArgs(model="mistralai/Mistral-7B-Instruct-v0.3", enable_lora=True, max_loras=1)
    )
    async with asyncio.TaskGroup() as tg:
        handles = [tg.create_task(grade(engine, j)) for j in JOBS]
    for job, h in zip(JOBS, handles):
        print(job["path"], h.result())


asyncio.run(main())
