"""Evaluate each checkpoint; engines are created on demand per base model."""
import functools
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


@functools.lru_cache(maxsize=2)
def engine_for(base: str) -> LLM:
    return LLM(model=base, enable_lora=True)


def evaluate(base: str, ckpt: str) -> str:
    llm = engine_for(base)
    req = LoRARequest("candidate", 1, ckpt)
    return llm.generate(["2+2="], SamplingParams(max_tokens=8), lora_request=req)[0].outputs[0].text


if __name__ == "__main__":
    for ckpt in sys.argv[1:]:
        print(ckpt, evaluate("meta-llama/Llama-3.2-1B", ckpt))
