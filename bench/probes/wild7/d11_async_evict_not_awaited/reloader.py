import asyncio

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class Reloader:
    def __init__(self):
        self.llm = LLM("meta-llama/Llama-3.2-1B", enable_lora=True)
        self.sp = SamplingParams(max_tokens=16)

    async def evict(self, lora_id):
        self.llm.llm_engine.remove_lora(lora_id)

    async def serve(self, path):
        self.evict(1)
        req = LoRARequest("live", 1, path)
        return self.llm.generate(["x"], self.sp, lora_request=req)[0].outputs[0].text


async def main():
    r = Reloader()
    for path in ["/live/v1", "/live/v2", "/live/v3"]:
        print(path, await r.serve(path))


if __name__ == "__main__":
    asyncio.run(main())
