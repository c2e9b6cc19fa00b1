# expect: Safe-by-eviction line=20 reason~="evicted before every repeat"
"""`if out.finished: print(...)` in each stream: which side runs changes nothing a request
depends on, so it is no decision to explore (12 of them made the row Indeterminate)."""
import asyncio

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = ["/runs/a/ckpt-100", "/runs/b/ckpt-100", "/runs/a/ckpt-200", "/runs/b/ckpt-200"]


async def main():
    engine = AsyncLLMEngine.from_engine_args(
        AsyncEngineArgs(model="meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=1)
    )
    params = SamplingParams(temperature=0.0, max_tokens=32)
    for k, path in enumerate(CKPTS):
        lid = 1 if "/runs/a/" in path else 2
        req = LoRARequest(f"run{lid}", lid, path)
        async for out in engine.generate("Once upon a time", params, f"r{k}", lora_request=req):
            if out.finished:
                print(path, out.outputs[0].text)


asyncio.run(main())
