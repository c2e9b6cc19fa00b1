import gc

import torch
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = ["/ck/step_100", "/ck/step_200", "/ck/step_300"]


def evaluate(path):
    llm = LLM("meta-llama/Llama-3.2-1B", enable_lora=True, enforce_eager=True)
    try:
        out = llm.generate(["Hello"], SamplingParams(max_tokens=8),
                           lora_request=LoRARequest("ck", 1, path))
        return out[0].outputs[0].text
    finally:
        del llm
        gc.collect()
        torch.cuda.empty_cache()


if __name__ == "__main__":
    for p in CKPTS:
        print(p, evaluate(p))
