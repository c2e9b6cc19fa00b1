from vllm import SamplingParams
from vllm.lora.request import LoRARequest

import engine


def eval_reference(path: str):
    return engine.llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=LoRARequest("reference", 1, path))
