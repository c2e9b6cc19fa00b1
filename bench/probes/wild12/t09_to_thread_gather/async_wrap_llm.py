# why: asyncio.to_thread runs the three blocking generate calls in the default pool at the same time; ner-v2 (id 1) can be batched with ner-v1
import asyncio

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

JOBS = [(1, "/adapters/ner-v1"), (2, "/adapters/pos"), (1, "/adapters/ner-v2")]


def tag(llm, lid, path):
    req = LoRARequest(f"tagger{lid}", lid, path)
    return llm.generate(["Barack Obama visited Paris."], SamplingParams(max_tokens=32),
                        lora_request=req)[0].outputs[0].text


async def main():
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True, max_loras=1)
    texts = await asyncio.gather(*[asyncio.to_thread(tag, llm, lid, p) for lid, p in JOBS])
    for (lid, p), t in zip(JOBS, texts):
        print(p, t)


asyncio.run(main())
