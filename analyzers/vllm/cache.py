"""A deterministic replay of vLLM's worker-side LoRA cache (vllm-lora-cache.md §6, sequential form).

The CPU cache keyed by `lora_int_id` alone decides whether a path is ever read again; the GPU slots
only copy from it, so they are not modelled. A hit touches the id and never looks at `lora_path`.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from analyzers.events import (
    PinEvent,
    RemoveEvent,
    ReplayEvent,
    ReplayRecord,
    RequestEvent,
    ResetEvent,
)
from analyzers.vllm.releases import (
    NEWEST_KNOWN,
    VllmVersion,
    has_load_inplace,
    rejects_nonpositive_ids,
)

BASE_MODEL = "<base model>"

ALL_PINNED = "RuntimeError: All items are pinned, cannot remove oldest from the cache."
NO_LOAD_INPLACE = "TypeError: Unexpected keyword argument 'load_inplace'"


def no_adapter_found(event: RequestEvent) -> str:
    name = event.name or event.id
    return f"ValueError: Loading lora {name} failed: No adapter found for {event.path}"


def id_must_be_positive(lora_id: int) -> str:
    return f"ValueError: id must be > 0, got {lora_id}"


def not_registered(lora_id: int) -> str:
    return f"ValueError: Pinning failed. LoRA {lora_id} is not registered."


class ConfigError(ValueError):
    """Engine arguments vLLM itself would refuse."""


@dataclass(frozen=True)
class _Loaded:
    path: str
    content: str | None


def resolve_capacity(max_loras: int | None, max_cpu_loras: int | None) -> int:
    """`max_cpu_loras`, defaulting to `max_loras`, defaulting to 1; vLLM refuses cpu < gpu."""
    gpu = 1 if max_loras is None else max_loras
    if gpu < 1:
        raise ConfigError(f"max_loras must be at least 1, got {gpu}")
    # arg_utils passes max_cpu_loras on only when it is > 0; otherwise it defaults to max_loras.
    if max_cpu_loras is None or max_cpu_loras <= 0:
        return gpu
    if max_cpu_loras < gpu:
        raise ConfigError(f"max_cpu_loras ({max_cpu_loras}) must be >= max_loras ({gpu})")
    return max_cpu_loras


class LoraCacheSimulator:
    """vLLM's `LRUCacheWorkerLoRAManager` CPU cache, replayed one request at a time."""

    def __init__(
        self,
        *,
        max_loras: int | None = None,
        max_cpu_loras: int | None = None,
        vllm_version: VllmVersion = NEWEST_KNOWN,
    ) -> None:
        self.capacity = resolve_capacity(max_loras, max_cpu_loras)
        self.vllm_version = vllm_version
        self._cache: OrderedDict[int, _Loaded] = OrderedDict()
        self._pinned: set[int] = set()
        self.warnings: list[str] = []

    @property
    def resident(self) -> list[int]:
        """Ids in LRU order, least recently used first."""
        return list(self._cache)

    def apply(self, event: ReplayEvent) -> ReplayRecord | None:
        """Apply one event; only a request produces a record."""
        if isinstance(event, RequestEvent):
            return self.request(event)
        if isinstance(event, RemoveEvent):
            self.remove(event.id)
        elif isinstance(event, PinEvent):
            self.pin(event.id)
        elif isinstance(event, ResetEvent):
            self.reset()
        return None

    def request(self, event: RequestEvent) -> ReplayRecord:
        record = ReplayRecord(
            id=event.id,
            requested=event.path,
            name=event.name,
            requested_content=event.content,
        )
        if event.load_inplace and not has_load_inplace(self.vllm_version):
            return self._failed(record, NO_LOAD_INPLACE)
        if event.id < 1:
            if rejects_nonpositive_ids(self.vllm_version):
                return self._failed(record, id_must_be_positive(event.id))
            # Before 0.11.0 an id <= 0 is accepted and punica maps it to "no LoRA".
            record.served = BASE_MODEL
            record.stale = True
            return record

        if event.id in self._cache and not event.load_inplace:
            self._cache.move_to_end(event.id)  # a hit: lora_path is never looked at
            return self._served(record, self._cache[event.id], loaded=False)

        if not event.exists:
            return self._failed(record, no_adapter_found(event))  # nothing changes on failure
        if event.id in self._cache:
            # [>=0.15] load_inplace: the worker removes the id before re-adding it.
            del self._cache[event.id]
            self._pinned.discard(event.id)
        if len(self._cache) >= self.capacity and not self._evict_oldest_unpinned():
            return self._failed(record, ALL_PINNED)
        entry = _Loaded(event.path, event.content)
        self._cache[event.id] = entry
        return self._served(record, entry, loaded=True)

    def remove(self, lora_id: int) -> bool:
        """`remove_lora`: False when the id was not resident, as vLLM returns."""
        self._pinned.discard(lora_id)
        return self._cache.pop(lora_id, None) is not None

    def pin(self, lora_id: int) -> bool:
        if lora_id not in self._cache:
            self.warnings.append(not_registered(lora_id))
            return False
        self._pinned.add(lora_id)
        return True

    def reset(self) -> None:
        self._cache.clear()
        self._pinned.clear()

    def _evict_oldest_unpinned(self) -> bool:
        for lora_id in self._cache:
            if lora_id not in self._pinned:
                del self._cache[lora_id]
                return True
        return False

    @staticmethod
    def _served(record: ReplayRecord, entry: _Loaded, *, loaded: bool) -> ReplayRecord:
        record.served = entry.path
        record.served_content = entry.content
        record.loaded = loaded
        stale_path = entry.path != record.requested
        stale_content = (
            record.requested_content is not None and entry.content != record.requested_content
        )
        record.stale = stale_path or stale_content
        return record

    @staticmethod
    def _failed(record: ReplayRecord, error: str) -> ReplayRecord:
        record.error = error
        return record


def replay(
    events: Iterable[ReplayEvent],
    *,
    max_loras: int | None = None,
    max_cpu_loras: int | None = None,
    vllm_version: VllmVersion = NEWEST_KNOWN,
) -> list[ReplayRecord]:
    """Replay a whole event sequence from an empty cache; one record per request event."""
    return list(
        iter_replay(
            events, max_loras=max_loras, max_cpu_loras=max_cpu_loras, vllm_version=vllm_version
        )
    )


def iter_replay(
    events: Iterable[ReplayEvent],
    *,
    max_loras: int | None = None,
    max_cpu_loras: int | None = None,
    vllm_version: VllmVersion = NEWEST_KNOWN,
) -> Iterator[ReplayRecord]:
    simulator = LoraCacheSimulator(
        max_loras=max_loras, max_cpu_loras=max_cpu_loras, vllm_version=vllm_version
    )
    for event in events:
        record = simulator.apply(event)
        if record is not None:
            yield record
