"""vLLM release numbers and the cache-relevant features each one has (vllm-lora-cache.md §5)."""

from __future__ import annotations

import re
from typing import NamedTuple

_VERSION = re.compile(r"^\s*v?(\d+)\.(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:[.+-]?[A-Za-z0-9.+-]*)?\s*$")


class VllmVersion(NamedTuple):
    major: int
    minor: int
    patch: int = 0
    extra: int = 0

    def __str__(self) -> str:
        base = f"{self.major}.{self.minor}.{self.patch}"
        return f"{base}.{self.extra}" if self.extra else base

    @property
    def series(self) -> str:
        """`0.15` for 0.15.0: how a sentence names the release a feature arrived in."""
        return f"{self.major}.{self.minor}"


OLDEST_KNOWN = VllmVersion(0, 10, 1, 1)
NEWEST_KNOWN = VllmVersion(0, 33, 0)
# LoRARequest.__post_init__ rejects lora_int_id < 1 from 0.11.0 on.
ID_CHECK_SINCE = VllmVersion(0, 11, 0)
# LoRARequest(load_inplace=True) and the worker's in-place reload exist from 0.15.0 on.
LOAD_INPLACE_SINCE = VllmVersion(0, 15, 0)


def parse_version(text: str) -> VllmVersion:
    """Parse `0.11.0`, `0.10.1.1`, `v0.15.0rc1` (the pre-release tag is ignored)."""
    match = _VERSION.match(text)
    if match is None:
        raise ValueError(f"not a vLLM version: {text!r} (expected X.Y.Z)")
    parts = [int(group) if group is not None else 0 for group in match.groups()]
    return VllmVersion(*parts)


def has_load_inplace(version: VllmVersion) -> bool:
    return version >= LOAD_INPLACE_SINCE


def rejects_nonpositive_ids(version: VllmVersion) -> bool:
    return version >= ID_CHECK_SINCE
