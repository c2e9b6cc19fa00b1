from typing import Dict

from vllm.lora.request import LoRARequest


class AdapterRegistry:
    """Hands out a fresh integer id for every adapter registered with it."""

    def __init__(self):
        self._next_id = 1
        self._requests: Dict[str, LoRARequest] = {}

    def register(self, name: str, path: str) -> LoRARequest:
        req = LoRARequest(lora_name=name, lora_int_id=self._next_id, lora_path=path)
        self._next_id += 1
        self._requests[name] = req
        return req

    def __getitem__(self, name: str) -> LoRARequest:
        return self._requests[name]

    def __len__(self):
        return len(self._requests)
