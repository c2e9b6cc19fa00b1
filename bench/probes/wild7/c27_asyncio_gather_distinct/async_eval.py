import asyncio
import uuid

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

CANDIDATES = ["/cands/r8", "/cands/r16", "/cands/r32"]


async def evaluate(engine, req, prompt):
    final = None
    async for out in engine.generate(prompt, SamplingParams(max_tokens=64), str(uuid.uuid4()),
                                     lora_request=req):
        final = out
    return req.lora_path, final.outputs[0].text


async def main():
    engine = AsyncLLMEngine.from_engine_args(
        AsyncEngineArgs(model="meta-llama/Llama-3.1-8B", enable_lora=True, max_loras=4, max_lora_rank=32))
    tasks = [evaluate(engine, LoRARequest(f"cand{i}", i, p), "Write a limerick.")
             for i, p in enumerate(CANDIDATES, 1)]
    for path, text in await asyncio.gather(*tasks):
        print(path, text)


if __name__ == "__main__":
    asyncio.run(main())
