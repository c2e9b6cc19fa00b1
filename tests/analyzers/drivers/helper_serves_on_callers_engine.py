# expect: Indeterminate
"""A helper that scores one checkpoint on an engine its caller owns."""
from vllm import SamplingParams
from vllm.lora.request import LoRARequest


def score_checkpoint(llm, checkpoint: str, prompts: list[str]) -> list[str]:
    outputs = llm.generate(prompts, SamplingParams(temperature=0), lora_request=LoRARequest("ckpt", 1, checkpoint))
    return [o.outputs[0].text for o in outputs]
