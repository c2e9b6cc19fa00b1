from __future__ import annotations

import itertools
import threading
from dataclasses import dataclass, field

from vllm.lora.request import LoRARequest


@dataclass
class AdapterTable:
    """name -> LoRARequest. Every (re)registration gets a brand-new engine id, so an
    updated adapter is always loaded from disk instead of hitting the old cache entry."""

    _by_name: dict[str, LoRARequest] = field(default_factory=dict)
    _ids: "itertools.count[int]" = field(default_factory=lambda: itertools.count(1))
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def register(self, name: str, path: str) -> LoRARequest:
        with self._lock:
            req = LoRARequest(lora_name=name, lora_int_id=next(self._ids), lora_path=path)
            self._by_name[name] = req
            return req

    def unregister(self, name: str) -> bool:
        with self._lock:
            return self._by_name.pop(name, None) is not None

    def get(self, name: str) -> LoRARequest | None:
        return self._by_name.get(name)

    def snapshot(self) -> dict[str, dict]:
        return {n: {"id": r.lora_int_id, "path": r.lora_path} for n, r in self._by_name.items()}
