from .request import TensorLoRARequest, POLICY_LORA_ID, POLICY_LORA_NAME, DUMMY_LORA_PATH
from .hijack import patch_tensor_lora_loading

__all__ = [
    "TensorLoRARequest",
    "POLICY_LORA_ID",
    "POLICY_LORA_NAME",
    "DUMMY_LORA_PATH",
    "patch_tensor_lora_loading",
]
