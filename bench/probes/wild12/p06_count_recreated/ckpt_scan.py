# why: itertools.count(1) is re-created inside the loop, so next() is always 1: three folders under id 1 with nothing else between (no eviction)
import itertools

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = ["/runs/r1/ckpt-1000", "/runs/r1/ckpt-2000", "/runs/r1/ckpt-3000"]


def main():
    llm = LLM(model="meta-llama/Llama-3.2-1B", enable_lora=True)
    for ckpt in CKPTS:
        id_gen = itertools.count(1)
        lid = next(id_gen)
        req = LoRARequest(f"ckpt-{lid}", lid, ckpt)
        res = llm.generate(["Q: What is 7*8? A:"], SamplingParams(max_tokens=8), lora_request=req)
        print(ckpt, res[0].outputs[0].text)


if __name__ == "__main__":
    main()
