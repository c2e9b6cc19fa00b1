"""Roll out each saved policy checkpoint, ids memoised per role."""
import itertools

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

_ids = itertools.count(1)


def memoize(fn):
    cache = {}

    def wrapper(key):
        k = (key,)
        if k not in cache:
            cache[k] = fn(key)
        return cache[k]

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
