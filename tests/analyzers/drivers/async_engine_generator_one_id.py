# expect: Affected line=15 reason~="lora_int_id 1 is reused without invalidation in AsyncLLMEngine" reason~="is served 'ckpt/epoch-1'" reason~="1 of 2 requests are stale"
"""An AsyncLLMEngine streams two checkpoints under id 1 through an `async for`: the second is served
the cached first."""
import asyncio
import uuid

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest as LR

CHECKPOINTS = ["ckpt/epoch-1", "ckpt/epoch-2"]


async def run(engine: AsyncLLMEngine, checkpoint: str) -> str:
    final = None
    async for output in engine.generate("prompt", SamplingParams(), str(uuid.uuid4()), lora_request=LR("epoch", 1, checkpoint)):
        final = output
    return final


async def main() -> None:
    engine = AsyncLLMEngine.from_engine_args(AsyncEngineArgs(model="base", enable_lora=True))
    for checkpoint in CHECKPOINTS:
        print(await run(engine, checkpoint))


if __name__ == "__main__":
    asyncio.run(main())
