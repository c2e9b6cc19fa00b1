# why: many concurrent requests, but all share one LoRARequest (one id, one folder): repeats are benign hits
import asyncio

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

PROMPTS = ["Translate: hello", "Translate: goodbye", "Translate: thanks", "Translate: please"]
ADAPTER = LoRARequest("fr-translator", 1, "/models/lora/fr-translator")


async def one(engine, k, prompt):
    async for out in engine.generate(prompt, SamplingParams(max_tokens=20), f"p{k}",
                                     lora_request=ADAPTER):
        if out.finished:
            return out.outputs[0].text


async def main():
    engine = AsyncLLMEngine.from_engine_args(
        AsyncEngineArgs(model="meta-llama/Llama-3.2-1B-Instruct", enable_lora=True)
    )
    outs = await asyncio.gather(*[one(engine, k, p) for k, p in enumerate(PROMPTS)])
    for p, o in zip(PROMPTS, outs):
        print(p, "->", o)


asyncio.run(main())
