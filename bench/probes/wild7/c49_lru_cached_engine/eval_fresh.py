from functools import lru_cache

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = ["/ck/step_100", "/ck/step_200", "/ck/step_300"]


@lru_cache(maxsize=None)
def get_engine(model: str) -> LLM:
    return LLM(model, enable_lora=True, enforce_eager=True)


def evaluate(path, model="meta-llama/Llama-3.2-1B"):
    llm = get_engine(model)
    out = llm.generate(["Hello"], SamplingParams(max_tokens=8),
                       lora_request=LoRARequest("ck", 1, path))
    return out[0].outputs[0].text


if __name__ == "__main__":
    for p in CKPTS:
        print(p, evaluate(p))
