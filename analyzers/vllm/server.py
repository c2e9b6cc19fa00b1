"""vLLM's OpenAI-compatible server as its adapters see it: a name -> id table over the cache.

`POST /v1/load_lora_adapter` gives a name that is not loaded the next id from the server's
counter and loads it. A name that is already loaded is refused (HTTP 400) and keeps the adapter
it has, unless the load asks for `load_inplace` on a release that has it: the same id is then
re-read in place. Unloading forgets the name and removes its id (vllm-lora-cache.md §4).

What each load ends up serving is asked of the worker cache simulator (`cache.py`), the same
one every offline request goes through: a refused load is the name's id asked for again, which
the cache answers with what it holds. The server's cache size is not modelled: every adapter it
loaded stays resident.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from analyzers.events import ReplayRecord, RequestEvent
from analyzers.vllm.cache import LoraCacheSimulator
from analyzers.vllm.releases import VllmVersion, has_load_inplace

Source = TypeVar("Source")
RESIDENT = 2**31 - 1  # the cache size used: large enough that no adapter is ever evicted


class LoadKind(StrEnum):
    """What the server did with one load request."""

    NEW = "new"  # a name not loaded before: a fresh id, its folder read
    AGAIN = "again"  # a name loaded, unloaded, and now loaded again: a fresh id
    RELOADED = "reloaded"  # `load_inplace` on a loaded name: the same id, its folder re-read
    REFUSED = "refused"  # HTTP 400: the name keeps the adapter it has


@dataclass(frozen=True)
class Adapter:
    """What one load asks for: the folder, what it holds now, and the name as shown."""

    path: str
    content: str | None
    name: str | None


@dataclass(frozen=True)
class Loaded(Generic[Source]):
    """The answer to one load: its record, what happened, and whose load is being served."""

    record: ReplayRecord
    kind: LoadKind
    served_by: Source  # the load that put the served adapter in the cache


@dataclass
class _Entry(Generic[Source]):
    lora_id: int
    source: Source


class ServerTable(Generic[Source]):
    """One server's (or several servers', by key) names, their ids, and the cache behind them.

    `key` names an adapter (the server and the adapter name); `source` is whatever the caller
    uses to point back at a load (the analyzer passes its trace fact).
    """

    def __init__(self, version: VllmVersion) -> None:
        self.version = version
        self._cache = LoraCacheSimulator(max_cpu_loras=RESIDENT, vllm_version=version)
        self._loaded: dict[str, _Entry[Source]] = {}
        self._seen: set[str] = set()
        self._counter = 0

    def load(self, key: str, adapter: Adapter, source: Source, *, inplace: bool) -> Loaded[Source]:
        """`POST /v1/load_lora_adapter` of `adapter` under the name `key` stands for."""
        current = self._loaded.get(key)
        if current is None:
            self._counter += 1
            kind = LoadKind.AGAIN if key in self._seen else LoadKind.NEW
            self._seen.add(key)
            self._loaded[key] = _Entry(self._counter, source)
            return Loaded(self._request(self._counter, adapter), kind, source)
        if inplace and has_load_inplace(self.version):
            self._loaded[key] = _Entry(current.lora_id, source)
            record = self._request(current.lora_id, adapter, load_inplace=True)
            return Loaded(record, LoadKind.RELOADED, source)
        return Loaded(self._request(current.lora_id, adapter), LoadKind.REFUSED, current.source)

    def _request(
        self, lora_id: int, adapter: Adapter, *, load_inplace: bool = False
    ) -> ReplayRecord:
        event = RequestEvent(
            id=lora_id,
            path=adapter.path,
            name=adapter.name,
            content=adapter.content,
            load_inplace=load_inplace,
        )
        return self._cache.request(event)

    def holder(self, key: str) -> Source | None:
        """The load whose adapter the name `key` stands for now (None: not loaded)."""
        entry = self._loaded.get(key)
        return entry.source if entry is not None else None

    def loaded(self) -> list[str]:
        """The keys of the names loaded now."""
        return list(self._loaded)

    def serve(self, key: str, adapter: Adapter) -> ReplayRecord | None:
        """A generation naming `key`: its id asked for with what `adapter` holds now, which the
        cache answers with what it read at the load (None: the name is not loaded)."""
        entry = self._loaded.get(key)
        return self._request(entry.lora_id, adapter) if entry is not None else None

    def unload(self, key: str) -> None:
        """`POST /v1/unload_lora_adapter`: the name is forgotten and its id removed."""
        entry = self._loaded.pop(key, None)
        if entry is not None:
            self._cache.remove(entry.lora_id)
