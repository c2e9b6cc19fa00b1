# expect: Affected line=15 reason~="lora_int_id 1 is reused"
"""The coroutines are made in a list first and gathered after: they are in flight together
all the same, so the third request (id 1 again) joins the batch the first one's id 1 is in and
is served the first folder's weights."""
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
    tasks = [score(engine, i, p) for i, p in enumerate(CKPTS)]
    print(await asyncio.gather(*tasks))


if __name__ == "__main__":
    asyncio.run(main())
