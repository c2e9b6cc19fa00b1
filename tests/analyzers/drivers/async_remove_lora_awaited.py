# expect: Safe-by-eviction line=18 reason~="remove_lora at async_remove_lora_awaited.py:20"
"""Awaited, remove_lora drops id 1 before each new checkpoint is added under it."""
import asyncio

from vllm import SamplingParams
from vllm.engine.arg_utils import AsyncEngineArgs
from vllm.engine.async_llm_engine import AsyncLLMEngine
from vllm.lora.request import LoRARequest

CKPTS = ["ck/1", "ck/2", "ck/3"]


async def main():
    engine = AsyncLLMEngine.from_engine_args(AsyncEngineArgs(model="meta-llama/Llama-3.2-1B", enable_lora=True))
    sp = SamplingParams(max_tokens=16)
    for i, ck in enumerate(CKPTS):
        req = LoRARequest("policy", 1, ck)
        async for _ in engine.generate("Hello", sp, f"r{i}", lora_request=req):
            pass
        await engine.remove_lora(1)


if __name__ == "__main__":
    asyncio.run(main())
