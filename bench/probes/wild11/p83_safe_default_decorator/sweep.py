"""Evaluate final checkpoints of several runs; id parsed from the step when there is one."""
import functools

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = ["/runs/a/final", "/runs/b/final", "/runs/c/checkpoint-300"]


def default_on_error(value):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args):
            try:
                return fn(*args)
            except ValueError:
                return value

        return wrapper

    return deco


@default_on_error(1)
def step_of(path: str) -> int:
    return int(path.rsplit("-", 1)[1])


if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt in CKPTS:
        req = LoRARequest(ckpt, step_of(ckpt), ckpt)
        print(llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))
