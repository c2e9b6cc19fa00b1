# expect: Affected line=33 reason~="lora_int_id 1 is reused without invalidation"
"""A memo decorator keyed by the call's `*args` tuple hands out one id per role: every
checkpoint is served under id 1. Two tuples built by two calls were never equal (a new id per
call: Safe-distinct-id); they are equal item by item."""
import itertools

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

_ids = itertools.count(1)


def memoize(fn):
    cache = {}

    def wrapper(*args):
        if args not in cache:
            cache[args] = fn(*args)
        return cache[args]

    return wrapper


@memoize
def lora_id_for(role: str) -> int:
    return next(_ids)


if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for step in range(0, 500, 100):
        ckpt = f"/ckpt/ppo/step-{step}"
        req = LoRARequest("policy", lora_id_for("policy"), ckpt)
        print(step, llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))
