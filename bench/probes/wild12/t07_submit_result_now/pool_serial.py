# why: .result() is taken right after each submit, so jobs never overlap despite 8 workers; id 2 evicts id 1 before v2 reuses id 1
from concurrent.futures import ThreadPoolExecutor

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

JOBS = [(1, "/adapters/ner-v1"), (2, "/adapters/pos"), (1, "/adapters/ner-v2")]


def tag(llm, lid, path):
    req = LoRARequest(f"tagger{lid}", lid, path)
    return llm.generate(["Barack Obama visited Paris."], SamplingParams(max_tokens=32),
                        lora_request=req)[0].outputs[0].text


def main():
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True, max_loras=1)
    with ThreadPoolExecutor(max_workers=8) as pool:
        for lid, path in JOBS:
            text = pool.submit(tag, llm, lid, path).result(timeout=600)
            print(path, text)


main()
