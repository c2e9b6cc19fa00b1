# expect: Safe-single-adapter line=15 reason~="a repeat can only be a benign cache hit"
"""Rollout tasks each serve the live folder once and are awaited before the trainer saves
into it; nothing is served after the save."""

import asyncio

from trainer import policy
from vllm import AsyncLLMEngine
from vllm.lora.request import LoRARequest

engine = AsyncLLMEngine.from_engine_args(None)


async def rollout(prompt):
    request = LoRARequest("live", 1, "/tmp/live")
    async for out in engine.generate(prompt, None, prompt, lora_request=request):
        pass
    return out


async def main():
    tasks = [asyncio.create_task(rollout(p)) for p in ["a", "b"]]
    outputs = await asyncio.gather(*tasks)
    policy.fit(outputs)
    policy.save_pretrained("/tmp/live")


asyncio.run(main())
