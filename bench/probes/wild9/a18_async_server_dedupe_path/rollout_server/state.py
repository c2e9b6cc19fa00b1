import asyncio
from typing import Optional

from vllm.lora.request import LoRARequest


class PolicyState:
    """Which adapter the rollout server is currently sampling from."""

    def __init__(self):
        self.version = 0
        self.path: Optional[str] = None
        self.request: Optional[LoRARequest] = None
        self._lock = asyncio.Lock()

    async def update(self, path: str) -> LoRARequest:
        async with self._lock:
            if path == self.path and self.request is not None:
                return self.request  # trainer re-sent the adapter we already serve
            self.version += 1
            self.path = path
            self.request = LoRARequest(f"policy-{self.version}", self.version, path)
            return self.request
