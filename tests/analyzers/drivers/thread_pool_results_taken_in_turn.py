# expect: Safe-by-eviction line=15 reason~="evicted before every repeat"
"""The guard of `thread_pool_map_shares_an_id_slot.py`: each task's result is taken before the
next is submitted, so one runs at a time and id 2 evicts id 1 (one slot) in between."""
from concurrent.futures import ThreadPoolExecutor

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = ["/ckpt/a", "/ckpt/b", "/ckpt/c"]
llm = LLM(model="meta-llama/Llama-3.2-1B", enable_lora=True)


def run(index: int, path: str):
    request = LoRARequest(f"c{index}", index % 2 + 1, path)
    return llm.generate(["hello"], SamplingParams(max_tokens=8), lora_request=request)


with ThreadPoolExecutor(max_workers=3) as pool:
    for index, path in enumerate(CKPTS):
        print(pool.submit(run, index, path).result()[0].outputs[0].text)
