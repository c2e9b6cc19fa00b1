# expect: Affected line=17 reason~="lora_int_id 1 is reused"
"""The guard of `stream_check_that_only_prints.py`: the side taken when the stream ends moves
the id on, so whether it runs decides whether the next checkpoint reuses id 1."""
import asyncio

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = ["/runs/a/ckpt-100", "/runs/a/ckpt-200", "/runs/a/ckpt-300"]


async def main():
    args = AsyncEngineArgs(model="meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=1)
    engine = AsyncLLMEngine.from_engine_args(args)
    lid = 1
    for k, path in enumerate(CKPTS):
        request = LoRARequest(f"run{k}", lid, path)
        async for out in engine.generate("Once", SamplingParams(), f"r{k}", lora_request=request):
            if out.finished:
                lid += 1


asyncio.run(main())
