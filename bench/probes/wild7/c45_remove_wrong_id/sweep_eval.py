import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

LORA_ID = 1


def main(paths):
    llm = LLM("meta-llama/Llama-3.1-8B", enable_lora=True)
    sp = SamplingParams(max_tokens=64)
    prev = None
    for i, p in enumerate(paths):
        if prev is not None:
            # evict the previous adapter before loading the next one
            llm.llm_engine.remove_lora(prev)
        req = LoRARequest(f"sweep{i}", LORA_ID, p)
        outs = llm.generate(["Write a SQL query."], sp, lora_request=req)
        print(p, outs[0].outputs[0].text)
        prev = i + 1


if __name__ == "__main__":
    main(["/ad/a", "/ad/b", "/ad/c"])
