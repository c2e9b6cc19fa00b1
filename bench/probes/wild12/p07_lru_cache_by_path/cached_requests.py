# why: lru_cache keyed by folder returns the SAME request for a repeated folder (no new id); each new folder draws a fresh id from one shared counter
import functools
import itertools

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

_ids = itertools.count(1)


@functools.lru_cache(maxsize=None)
def lora_for(path):
    return LoRARequest(path.rsplit("/", 1)[-1], next(_ids), path)


def main():
    llm = LLM(model="meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=2)
    order = ["/a/math", "/a/code", "/a/math", "/a/chat", "/a/code"]
    for path in order:
        out = llm.generate(["Solve x+1=3"], SamplingParams(max_tokens=8), lora_request=lora_for(path))
        print(path, out[0].outputs[0].text)


main()
