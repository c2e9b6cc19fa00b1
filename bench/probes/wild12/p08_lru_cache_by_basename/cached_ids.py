# why: the id cache is keyed by the folder's basename; run_b/checkpoint-500 gets run_a/checkpoint-500's id 1 while it is still cached (max_loras=4)
import functools
import itertools
import os

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

_counter = itertools.count(1)


@functools.lru_cache(maxsize=None)
def id_for(name):
    return next(_counter)


def main():
    llm = LLM(model="meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=4)
    for run in ["/exp/run_a", "/exp/run_b"]:
        for step in [500, 1000]:
            path = os.path.join(run, f"checkpoint-{step}")
            req = LoRARequest(os.path.basename(path), id_for(os.path.basename(path)), path)
            out = llm.generate(["Hi"], SamplingParams(max_tokens=8), lora_request=req)
            print(path, out[0].outputs[0].text)


main()
