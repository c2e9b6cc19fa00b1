# expect: Affected line=13 reason~="only with `value = float(out[0].outputs[0].text.strip())`"
"""A grading helper serves a checkpoint, parses the answer, then drops id 1; its caller
scores an unparsable answer as zero. When `float(...)` raises, the drop in the helper is
skipped and the next checkpoint is served the cached id 1. Only a `try`'s own statements
were taken to raise (Safe-by-eviction)."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def score(llm: LLM, ckpt: str) -> float:
    req = LoRARequest("cand", 1, ckpt)
    out = llm.generate(["What is 6*7? Answer with a number."], SamplingParams(max_tokens=8), lora_request=req)
    value = float(out[0].outputs[0].text.strip())
    llm.llm_engine.remove_lora(1)
    return float(value == 42.0)


if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt in sys.argv[1:]:
        try:
            print(ckpt, score(llm, ckpt))
        except ValueError:
            print(ckpt, 0.0)
