"""The OpenAI server's name -> id table, replayed through the worker cache simulator."""

from __future__ import annotations

from analyzers.vllm.releases import VllmVersion
from analyzers.vllm.server import Adapter, LoadKind, ServerTable

V14, V15 = VllmVersion(0, 14, 0), VllmVersion(0, 15, 0)


Answer = tuple[LoadKind, int, str | None, bool, str]


def _load(table: ServerTable[str], name: str, path: str, *, inplace: bool = False) -> Answer:
    answer = table.load(name, Adapter(path, None, name), f"load of {path}", inplace=inplace)
    record = answer.record
    return answer.kind, record.id, record.served, record.stale, answer.served_by


def test_a_loaded_name_is_refused_and_keeps_its_first_adapter() -> None:
    table: ServerTable[str] = ServerTable(V15)
    assert _load(table, "policy", "ckpt/a") == (LoadKind.NEW, 1, "ckpt/a", False, "load of ckpt/a")
    refused = _load(table, "policy", "ckpt/b")
    assert refused == (LoadKind.REFUSED, 1, "ckpt/a", True, "load of ckpt/a")
    assert _load(table, "other", "ckpt/c")[:3] == (LoadKind.NEW, 2, "ckpt/c")


def test_load_inplace_rereads_the_same_id_only_where_the_release_has_it() -> None:
    newer: ServerTable[str] = ServerTable(V15)
    _load(newer, "policy", "sync")
    assert _load(newer, "policy", "sync/v2", inplace=True)[:4] == (
        LoadKind.RELOADED,
        1,
        "sync/v2",
        False,
    )
    older: ServerTable[str] = ServerTable(V14)
    _load(older, "policy", "sync")
    assert _load(older, "policy", "sync/v2", inplace=True)[:4] == (
        LoadKind.REFUSED,
        1,
        "sync",
        True,
    )


def test_unload_forgets_the_name_and_the_next_load_gets_a_fresh_id() -> None:
    table: ServerTable[str] = ServerTable(V15)
    _load(table, "policy", "ckpt/a")
    table.unload("policy")
    table.unload("never-loaded")
    assert _load(table, "policy", "ckpt/b")[:4] == (LoadKind.AGAIN, 2, "ckpt/b", False)
