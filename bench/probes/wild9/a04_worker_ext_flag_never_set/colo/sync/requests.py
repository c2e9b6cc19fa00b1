from dataclasses import field
from typing import Any, Dict, Optional

from vllm.lora.request import LoRARequest


class InMemoryLoRARequest(LoRARequest):
    peft_config: Optional[Dict[str, Any]] = field(default=None)
    lora_tensors: Optional[Dict[str, Any]] = field(default=None)
