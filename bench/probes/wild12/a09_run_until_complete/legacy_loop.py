# why: loop.run_until_complete(asyncio.gather(...)) runs the three requests together; adapter-b (id 1) joins adapter-a's batch
import asyncio

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

engine = AsyncLLMEngine.from_engine_args(
    AsyncEngineArgs(model="facebook/opt-125m", enable_lora=True, max_loras=1, max_cpu_loras=1)
)
PLAN = [(1, "./out/adapter-a"), (2, "./out/adapter-x"), (1, "./out/adapter-b")]


async def infer(lid, path):
    req = LoRARequest(f"lora-{lid}", lid, path)
    text = None
    async for out in engine.generate("The capital of France is", SamplingParams(max_tokens=5),
                                     request_id=path, lora_request=req):
        text = out.outputs[0].text
    return text


loop = asyncio.get_event_loop()
results = loop.run_until_complete(asyncio.gather(*[infer(i, p) for i, p in PLAN]))
for (lid, path), text in zip(PLAN, results):
    print(lid, path, text)
