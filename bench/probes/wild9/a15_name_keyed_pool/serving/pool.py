import threading
from typing import Dict

from vllm.lora.request import LoRARequest


class AdapterPool:
    """Name -> LoRARequest cache, so the same adapter always keeps the same integer id."""

    def __init__(self):
        self._lock = threading.Lock()
        self._by_name: Dict[str, LoRARequest] = {}

    def get(self, name: str, path: str) -> LoRARequest:
        with self._lock:
            req = self._by_name.get(name)
            if req is None:
                req = LoRARequest(lora_name=name, lora_int_id=len(self._by_name) + 1, lora_path=path)
                self._by_name[name] = req
            return req

    def names(self):
        return list(self._by_name)
