# why: each task is awaited right after it is created, so requests are sequential; slot 2 evicts slot 1 (max_loras=1) before checkpoint-600 reuses id 1
import asyncio

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

RUN = "/runs/dpo-7"
STEPS = [(1, 200), (2, 400), (1, 600)]


async def probe(engine, slot, step):
    lora = LoRARequest(f"slot{slot}", slot, f"{RUN}/checkpoint-{step}")
    last = None
    async for out in engine.generate("Hello, who are you?", SamplingParams(max_tokens=32),
                                     request_id=f"probe-{step}", lora_request=lora):
        last = out
    return step, last.outputs[0].text


async def main():
    engine = AsyncLLMEngine.from_engine_args(
        AsyncEngineArgs(model="meta-llama/Llama-3.1-8B-Instruct", enable_lora=True, max_lora_rank=64)
    )
    for slot, step in STEPS:
        task = asyncio.create_task(probe(engine, slot, step))
        step, text = await task
        print(step, text)


if __name__ == "__main__":
    asyncio.run(main())
