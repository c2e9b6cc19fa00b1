# expect: Affected line=14 reason~="lora_int_id 1 is reused"
"""Each coroutine drops its id after its serve, but gathered they are in flight together: the
third request (id 1, another folder) joins the first one's batch before any `remove_lora` runs."""
import asyncio
import uuid

from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

ADAPTERS = [("sql", 1, "/ckpt/sql-v1"), ("chat", 2, "/ckpt/chat-v1"), ("sql", 1, "/ckpt/sql-v2")]


async def score(engine, name, lora_id, path):
    req = LoRARequest(name, lora_id, path)
    text = ""
    async for out in engine.generate("Describe the schema.", SamplingParams(max_tokens=64),
                                     str(uuid.uuid4()), lora_request=req):
        text = out.outputs[0].text
    await engine.remove_lora(lora_id)
    return path, text


async def main():
    engine = AsyncLLMEngine.from_engine_args(
        AsyncEngineArgs(model="meta-llama/Llama-3.2-1B-Instruct", enable_lora=True, max_loras=1)
    )
    results = await asyncio.gather(*[score(engine, *a) for a in ADAPTERS], return_exceptions=True)
    print(results)


asyncio.run(main())
