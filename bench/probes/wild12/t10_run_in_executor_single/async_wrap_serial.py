# why: gathered, but run_in_executor uses a 1-thread executor, so the blocking generate calls run one after another in order; id 2 evicts id 1 first
import asyncio
from concurrent.futures import ThreadPoolExecutor

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

JOBS = [(1, "/adapters/ner-v1"), (2, "/adapters/pos"), (1, "/adapters/ner-v2")]
GPU_EXECUTOR = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gpu")


def tag(llm, lid, path):
    req = LoRARequest(f"tagger{lid}", lid, path)
    return llm.generate(["Barack Obama visited Paris."], SamplingParams(max_tokens=32),
                        lora_request=req)[0].outputs[0].text


async def main():
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True, max_loras=1)
    loop = asyncio.get_running_loop()
    futs = [loop.run_in_executor(GPU_EXECUTOR, tag, llm, lid, p) for lid, p in JOBS]
    for (lid, p), t in zip(JOBS, await asyncio.gather(*futs)):
        print(p, t)


asyncio.run(main())
