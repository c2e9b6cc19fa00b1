"""Requests come from a generator that drops the previous adapter before the next."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def requests_for(llm: LLM, paths: list[str]):
    for p in paths:
        llm.llm_engine.remove_lora(1)
        yield LoRARequest("cand", 1, p)


def main() -> None:
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    reqs = [r for r in requests_for(llm, sys.argv[1:])]
    for r in reqs:
        print(r.lora_path, llm.generate(["hi"], SamplingParams(max_tokens=4), lora_request=r))


if __name__ == "__main__":
    main()
