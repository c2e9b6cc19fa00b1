# why: all jobs submitted before any result is taken; 8 threads call generate on one LLM together and ner-v2 (id 1) can join ner-v1's batch
from concurrent.futures import ThreadPoolExecutor, as_completed

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

JOBS = [(1, "/adapters/ner-v1"), (2, "/adapters/pos"), (1, "/adapters/ner-v2")]


def tag(llm, lid, path):
    req = LoRARequest(f"tagger{lid}", lid, path)
    text = llm.generate(["Barack Obama visited Paris."], SamplingParams(max_tokens=32),
                        lora_request=req)[0].outputs[0].text
    return path, text


def main():
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True, max_loras=1)
    with ThreadPoolExecutor(max_workers=8) as pool:
        futures = [pool.submit(tag, llm, lid, path) for lid, path in JOBS]
        for fut in as_completed(futures):
            print(*fut.result())


main()
