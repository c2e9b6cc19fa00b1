from .config import CKPT_FMT, POLICY_LORA_ID
from .sync import make_policy_request

__all__ = ["CKPT_FMT", "POLICY_LORA_ID", "make_policy_request"]
