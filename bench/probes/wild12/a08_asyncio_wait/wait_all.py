# why: asyncio.wait over tasks created together: both id-5 requests (different folders) are in flight at once; the second joins the first's batch
import asyncio

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

FOLDERS = ["/mnt/lora/rm-a", "/mnt/lora/policy", "/mnt/lora/rm-b"]
IDS = [5, 6, 5]


async def run_one(engine, lid, folder):
    req = LoRARequest(folder.rsplit("/", 1)[-1], lid, folder)
    async for out in engine.generate("Rate this answer.", SamplingParams(max_tokens=8),
                                     request_id=folder, lora_request=req):
        if out.finished:
            return out.outputs[0].text


async def main():
    engine = AsyncLLMEngine.from_engine_args(
        AsyncEngineArgs(model="meta-llama/Llama-3.2-3B-Instruct", enable_lora=True, max_loras=1)
    )
    pending = {asyncio.create_task(run_one(engine, i, f)) for i, f in zip(IDS, FOLDERS)}
    done, _ = await asyncio.wait(pending, return_when=asyncio.ALL_COMPLETED)
    for t in done:
        print(t.result())


asyncio.run(main())
