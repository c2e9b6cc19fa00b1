"""A/B/C test of three adapters with a random slot each, on a two-slot engine."""
import random

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

PATHS = ["/ab/variant-a", "/ab/variant-b", "/ab/variant-c"]


def main() -> None:
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True, max_loras=2)
    for p in PATHS:
        req = LoRARequest(p, random.choice([1, 2]), p)
        print(p, llm.generate(["hi"], SamplingParams(max_tokens=4), lora_request=req))


if __name__ == "__main__":
    main()
