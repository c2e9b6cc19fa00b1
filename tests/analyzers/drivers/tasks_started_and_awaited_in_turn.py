# expect: Safe-by-eviction line=17 reason~="evicted before every repeat"
"""The guard of `coroutines_made_first_then_gathered.py`: each task is awaited before the next
is made, so they run one at a time and id 2 evicts id 1 (one slot) before id 1 comes back."""
import asyncio
import uuid

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = ["/ckpt/sweep/lr1e-4", "/ckpt/sweep/lr3e-4", "/ckpt/sweep/lr1e-3"]


async def score(engine: AsyncLLMEngine, index: int, path: str) -> str:
    request = LoRARequest(f"cand{index}", index % 2 + 1, path)
    text = ""
    params = SamplingParams(max_tokens=32)
    async for out in engine.generate("A haiku.", params, str(uuid.uuid4()), lora_request=request):
        text = out.outputs[0].text
    return text


async def main() -> None:
    args = AsyncEngineArgs(model="meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=1)
    engine = AsyncLLMEngine.from_engine_args(args)
    for i, p in enumerate(CKPTS):
        task = asyncio.create_task(score(engine, i, p))
        print(await task)


if __name__ == "__main__":
    asyncio.run(main())
