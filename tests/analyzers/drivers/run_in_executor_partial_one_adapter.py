# expect: Safe-single-adapter line=13 reason~="one adapter per engine lifetime"
"""`loop.run_in_executor(None, functools.partial(llm.generate, ...))` calls the same engine in
the loop's thread pool; one adapter (id 1, one folder) for every batch is a benign repeat."""
import asyncio
import functools

from vllm import LLM
from vllm.lora.request import LoRARequest


async def main(batches):
    llm = LLM(model="base", enable_lora=True)
    request = LoRARequest("final", 1, "out/final")
    loop = asyncio.get_running_loop()
    for batch in batches:
        await loop.run_in_executor(None, functools.partial(llm.generate, batch, lora_request=request))


if __name__ == "__main__":
    asyncio.run(main([["a"], ["b"]]))
