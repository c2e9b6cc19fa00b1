# expect: Affected line=15 reason~="while an asyncio task the run started serves it"
"""An asyncio rollout task started with `asyncio.create_task` serves the live folder under
lora_int_id 1 in a loop, while the trainer's coroutine saves the policy into that folder after
each batch it awaits: the task's requests after a save are served the first weights."""
import asyncio
from trainer import policy
from vllm import AsyncLLMEngine
from vllm.lora.request import LoRARequest

engine = AsyncLLMEngine.from_engine_args(None)


async def rollout_worker(buffer):
    while True:
        request = LoRARequest("live", 1, "/tmp/live")
        async for out in engine.generate("hi", None, "r", lora_request=request):
            pass
        await buffer.put(out)


async def main():
    buffer = asyncio.Queue()
    worker = asyncio.create_task(rollout_worker(buffer))
    for step in range(100):
        batch = await buffer.get()
        policy.fit(batch)
        policy.save_pretrained("/tmp/live")
    worker.cancel()


asyncio.run(main())
