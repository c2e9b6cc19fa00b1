"""Async adapter scope for the async engine."""
import asyncio
import sys
import uuid

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest


class AdapterScope:
    def __init__(self, engine: AsyncLLMEngine, path: str) -> None:
        self.engine = engine
        self.req = LoRARequest("scoped", 1, path)

    async def __aenter__(self) -> LoRARequest:
        await self.engine.add_lora(self.req)
        return self.req

    async def __aexit__(self, *exc) -> None:
        self.engine.remove_lora(self.req.lora_int_id)


async def main() -> None:
    engine = AsyncLLMEngine.from_engine_args(AsyncEngineArgs(model="Qwen/Qwen2.5-0.5B", enable_lora=True))
    for ckpt in sys.argv[1:]:
        async with AdapterScope(engine, ckpt) as req:
            async for out in engine.generate("q", SamplingParams(max_tokens=8), str(uuid.uuid4()), lora_request=req):
                last = out
            print(ckpt, last.outputs[0].text)


if __name__ == "__main__":
    asyncio.run(main())
