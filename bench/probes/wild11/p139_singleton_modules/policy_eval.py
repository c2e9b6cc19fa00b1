from vllm import SamplingParams
from vllm.lora.request import LoRARequest

from engine import llm


def eval_policy(path: str):
    return llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=LoRARequest("policy", 1, path))
