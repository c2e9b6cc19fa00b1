import os

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

_ENGINE = None


def _engine() -> LLM:
    global _ENGINE
    if _ENGINE is None:
        gpu = os.environ.get("CUDA_VISIBLE_DEVICES", "0")
        print("starting engine on", gpu)
        _ENGINE = LLM(model="mistralai/Mistral-7B-Instruct-v0.3", enable_lora=True,
                      max_lora_rank=16)
    return _ENGINE


def eval_one(path: str):
    req = LoRARequest("cand", 1, path)
    outs = _engine().generate(["Describe the sea."] * 8, SamplingParams(max_tokens=64),
                              lora_request=req)
    return path, sum(len(o.outputs[0].text) for o in outs)
