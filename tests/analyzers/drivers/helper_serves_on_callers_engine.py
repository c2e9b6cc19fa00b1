# expect: Indeterminate line=9 reason~="score_checkpoint() serves lora_int_id 1 on an engine its caller passes in"
"""A helper scores one checkpoint on an engine its caller owns: a caller passing the same engine for
a second checkpoint would be served the first, and no caller is in sight."""
from vllm import SamplingParams
from vllm.lora.request import LoRARequest


def score_checkpoint(llm, checkpoint: str, prompts: list[str]) -> list[str]:
    outputs = llm.generate(prompts, SamplingParams(temperature=0), lora_request=LoRARequest("ckpt", 1, checkpoint))
    return [o.outputs[0].text for o in outputs]
