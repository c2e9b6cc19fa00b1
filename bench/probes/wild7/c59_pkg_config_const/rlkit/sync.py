from vllm.lora.request import LoRARequest

from .config import CKPT_FMT, POLICY_LORA_ID


def make_policy_request(step: int) -> LoRARequest:
    return LoRARequest("policy", POLICY_LORA_ID, CKPT_FMT.format(step=step))
