from .lora_utils import tensor_request
