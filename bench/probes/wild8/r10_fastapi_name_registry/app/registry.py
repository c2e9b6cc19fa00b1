import itertools
import os

from vllm.lora.request import LoRARequest

ADAPTER_ROOT = "/models/adapters"   # read-only volume, one folder per customer


class AdapterRegistry:
    def __init__(self):
        self._ids = itertools.count(1)
        self._requests: dict[str, LoRARequest] = {}

    def get(self, name: str) -> LoRARequest:
        req = self._requests.get(name)
        if req is None:
            req = LoRARequest(name, next(self._ids), os.path.join(ADAPTER_ROOT, name))
            self._requests[name] = req
        return req


registry = AdapterRegistry()
