# why: two shard workers gathered; shard 0 serves id 1 (v1) then id 2, shard 1 serves id 1 (v2) at the same time as shard 0's first request, joining its batch
import asyncio

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

SHARDS = [
    [(1, "/ckpt/judge-v1"), (2, "/ckpt/writer")],
    [(1, "/ckpt/judge-v2")],
]


async def worker(engine, wid, shard):
    results = []
    for k, (lid, path) in enumerate(shard):
        req = LoRARequest(f"lora{lid}", lid, path)
        async for out in engine.generate("Is this correct?", SamplingParams(max_tokens=8),
                                         f"w{wid}-{k}", lora_request=req):
            if out.finished:
                results.append((path, out.outputs[0].text))
    return results


async def main():
    engine = AsyncLLMEngine.from_engine_args(
        AsyncEngineArgs(model="meta-llama/Llama-3.2-1B-Instruct", enable_lora=True, max_loras=1)
    )
    per_shard = await asyncio.gather(*[worker(engine, w, s) for w, s in enumerate(SHARDS)])
    print([r for shard in per_shard for r in shard])


asyncio.run(main())
