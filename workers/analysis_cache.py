"""The analyzer's content cache kept in Redis, so every worker process reuses every other's work.

`audit_tree` keys its results by blob ids and analyzer version, so a driver analysed once (by any
worker, for any pull request) is never parsed again while its bytes stay the same.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping

import redis

PREFIX = "lora-audit:analysis:"
TTL_SECONDS = 30 * 86400


class RedisCache(MutableMapping[str, str]):
    """A str -> str mapping in Redis; entries expire after `ttl` seconds without a write."""

    def __init__(self, client: redis.Redis, *, prefix: str = PREFIX, ttl: int = TTL_SECONDS):
        self.client = client
        self.prefix = prefix
        self.ttl = ttl

    def __getitem__(self, key: str) -> str:
        value = self.client.get(self.prefix + key)
        if value is None:
            raise KeyError(key)
        return value.decode() if isinstance(value, bytes) else str(value)

    def __setitem__(self, key: str, value: str) -> None:
        self.client.set(self.prefix + key, value, ex=self.ttl)

    def __delitem__(self, key: str) -> None:
        if not self.client.delete(self.prefix + key):
            raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        for raw in self.client.scan_iter(match=self.prefix + "*", count=500):
            name = raw.decode() if isinstance(raw, bytes) else str(raw)
            yield name[len(self.prefix) :]

    def __len__(self) -> int:
        return sum(1 for _ in self)
