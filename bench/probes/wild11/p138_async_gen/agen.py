"""Async rollout loop over a stream of checkpoints announced by the trainer."""
import asyncio
import uuid

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest


async def checkpoints(queue: asyncio.Queue):
    while True:
        path = await queue.get()
        if path is None:
            return
        yield path


async def rollouts(engine: AsyncLLMEngine, queue: asyncio.Queue) -> None:
    async for path in checkpoints(queue):
        req = LoRARequest("policy", 1, path)
        async for out in engine.generate("q", SamplingParams(max_tokens=8), str(uuid.uuid4()), lora_request=req):
            pass
        print(path, out.outputs[0].text)


async def main() -> None:
    engine = AsyncLLMEngine.from_engine_args(AsyncEngineArgs(model="Qwen/Qwen2.5-0.5B", enable_lora=True))
    queue: asyncio.Queue = asyncio.Queue()
    for step in range(3):
        queue.put_nowait(f"/ckpt/step-{step}")
    queue.put_nowait(None)
    await rollouts(engine, queue)


if __name__ == "__main__":
    asyncio.run(main())
