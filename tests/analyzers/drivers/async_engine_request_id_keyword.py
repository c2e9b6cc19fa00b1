# expect: Affected line=14 reason~="lora_int_id 7 is reused without invalidation in AsyncLLMEngine" reason~="is served 'c/1'" reason~="3 of 4 requests are stale"
"""An AsyncLLMEngine serves four checkpoints under id 7: every one after the first is served c/1."""
import asyncio

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = ["c/1", "c/2", "c/3", "c/4"]


async def main() -> None:
    engine = AsyncLLMEngine.from_engine_args(AsyncEngineArgs(model="base", enable_lora=True))
    for n, ckpt in enumerate(CKPTS):
        async for out in engine.generate("p", SamplingParams(), request_id=str(n), lora_request=LoRARequest("c", 7, ckpt)):
            pass


if __name__ == "__main__":
    asyncio.run(main())
