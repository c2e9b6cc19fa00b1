# expect: Affected line=13 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'ckpt/a'"
"""`asyncio.to_thread(llm.generate, ...)` runs the same engine in a worker thread: two folders
under lora_int_id 1 on one engine, so the second is served the first (Affected)."""
import asyncio

from vllm import LLM
from vllm.lora.request import LoRARequest


async def main():
    llm = LLM(model="base", enable_lora=True)
    for folder in ["ckpt/a", "ckpt/b"]:
        request = LoRARequest("ckpt", 1, folder)
        await asyncio.to_thread(llm.generate, ["q"], lora_request=request)


if __name__ == "__main__":
    asyncio.run(main())
