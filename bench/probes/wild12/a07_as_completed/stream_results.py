# why: as_completed schedules all coroutines at once; "tox" v2 (id 7) is in flight with v1 (id 7) and joins its batch at max_loras=1
import asyncio

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

ORDER = [("tox", 7, "/srv/lora/tox-v1"), ("sent", 8, "/srv/lora/sent-v1"), ("tox", 7, "/srv/lora/tox-v2")]


async def classify(engine, name, lid, path):
    lora = LoRARequest(name, lid, path)
    out_text = ""
    async for out in engine.generate("You are terrible.", SamplingParams(max_tokens=4),
                                     f"{name}-{path}", lora_request=lora):
        out_text = out.outputs[0].text
    return path, out_text


async def main():
    engine = AsyncLLMEngine.from_engine_args(
        AsyncEngineArgs(model="google/gemma-2-2b-it", enable_lora=True)
    )
    coros = [classify(engine, *o) for o in ORDER]
    for fut in asyncio.as_completed(coros):
        path, label = await fut
        print(f"{path}: {label}")


if __name__ == "__main__":
    asyncio.run(main())
