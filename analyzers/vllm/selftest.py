"""Built-in self-checks for the simulator: vllm-lora-cache.md §7 vectors and the original audit."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from analyzers.events import (
    PinEvent,
    RemoveEvent,
    ReplayEvent,
    ReplayRecord,
    RequestEvent,
    ResetEvent,
)
from analyzers.vllm.cache import BASE_MODEL, replay
from analyzers.vllm.releases import NEWEST_KNOWN, VllmVersion

ERROR = "<error>"
V0_10 = VllmVersion(0, 10, 2)
V0_14 = VllmVersion(0, 14, 0)
V0_15 = VllmVersion(0, 15, 0)


def _req(lora_id: int, path: str, **extra: object) -> RequestEvent:
    return RequestEvent.model_validate({"id": lora_id, "path": path, **extra})


@dataclass(frozen=True)
class Vector:
    """One self-check: a sequence, the engine arguments, and what must be served."""

    name: str
    what: str
    events: Sequence[ReplayEvent]
    served: Sequence[str]  # a path, or ERROR for a failed request
    max_loras: int = 1
    max_cpu_loras: int | None = None
    version: VllmVersion = NEWEST_KNOWN
    loads: int | None = None
    stale: int | None = None
    served_content: Sequence[str | None] = field(default_factory=tuple)


def _checkpoint_loop(lora_id_of: Sequence[int], paths: Sequence[str]) -> list[ReplayEvent]:
    return [_req(i, p) for i, p in zip(lora_id_of, paths, strict=True)]


_SIX = [f"checkpoints/frac_{f}" for f in ("0.08", "0.16", "0.33", "0.5", "0.66", "1.0")]
_SIXTEEN = [f"sweep/epoch_{e}" for e in range(16)]
_REPEATS = [f"sweep/epoch_{e}_rerun" for e in range(6)]

VECTORS: tuple[Vector, ...] = (
    Vector("T1", "the bug", [_req(1, "a"), _req(1, "b")], ["a", "a"], loads=1, stale=1),
    Vector(
        "T2",
        "id 1 evicted by 2, so c is loaded",
        [_req(1, "a"), _req(2, "b"), _req(1, "c")],
        ["a", "b", "c"],
        loads=3,
        stale=0,
    ),
    Vector(
        "T3",
        "a bigger CPU cache keeps the stale copy",
        [_req(1, "a"), _req(2, "b"), _req(1, "c")],
        ["a", "b", "a"],
        max_cpu_loras=2,
        loads=2,
        stale=1,
    ),
    Vector(
        "T4",
        "3 evicts 1",
        [_req(1, "a"), _req(2, "b"), _req(3, "c"), _req(1, "d")],
        ["a", "b", "c", "d"],
        max_cpu_loras=2,
        loads=4,
    ),
    Vector(
        "T5",
        "the hit on 1 refreshes it; 3 evicts 2",
        [_req(1, "a"), _req(2, "b"), _req(1, "c"), _req(3, "d"), _req(2, "e")],
        ["a", "b", "a", "d", "e"],
        max_cpu_loras=2,
        loads=4,
    ),
    Vector(
        "T6",
        "final CPU order [2, 1]",
        [_req(1, "a"), _req(2, "b"), _req(3, "c"), _req(2, "d"), _req(1, "e")],
        ["a", "b", "c", "b", "e"],
        max_cpu_loras=2,
        loads=4,
    ),
    Vector(
        "T7",
        "eval loop reusing one id",
        _checkpoint_loop([1, 1, 1], ["ck1", "ck2", "ck3"]),
        ["ck1", "ck1", "ck1"],
        loads=1,
        stale=2,
    ),
    Vector(
        "T8",
        "fresh id per checkpoint",
        _checkpoint_loop([1, 2, 3], ["ck1", "ck2", "ck3"]),
        ["ck1", "ck2", "ck3"],
        loads=3,
        stale=0,
    ),
    Vector(
        "T9",
        "max_loras 2, cpu defaults to 2",
        [_req(1, "a"), _req(2, "b"), _req(3, "c"), _req(1, "d")],
        ["a", "b", "c", "d"],
        max_loras=2,
        loads=4,
    ),
    Vector(
        "T10",
        "max_loras 2, cpu 3",
        [_req(1, "a"), _req(2, "b"), _req(3, "c"), _req(1, "d"), _req(4, "e"), _req(2, "f")],
        ["a", "b", "c", "a", "e", "f"],
        max_loras=2,
        max_cpu_loras=3,
        loads=5,
    ),
    Vector(
        "T11",
        "load_inplace reloads once (>=0.15)",
        [_req(1, "a"), _req(1, "b", load_inplace=True), _req(1, "c")],
        ["a", "b", "b"],
        version=V0_15,
        loads=2,
    ),
    Vector(
        "T11-0.14",
        "load_inplace is a TypeError before 0.15",
        [_req(1, "a"), _req(1, "b", load_inplace=True), _req(1, "c")],
        ["a", ERROR, "a"],
        version=V0_14,
        loads=1,
    ),
    Vector(
        "T12",
        "every request in place reloads every time",
        [_req(1, p, load_inplace=True) for p in ("a", "b", "c")],
        ["a", "b", "c"],
        version=V0_15,
        loads=3,
        stale=0,
    ),
    Vector(
        "T13",
        "a failed load changes nothing; a hit never checks the path",
        [_req(1, "a"), _req(2, "MISSING", exists=False), _req(1, "MISSING", exists=False)],
        ["a", ERROR, "a"],
        loads=1,
    ),
    Vector(
        "T14", "all pinned", [_req(1, "a"), PinEvent(id=1), _req(2, "b")], ["a", ERROR], loads=1
    ),
    Vector(
        "T15",
        "remove_lora is the offline workaround",
        [_req(1, "a"), RemoveEvent(id=1), _req(1, "b")],
        ["a", "b"],
        max_cpu_loras=4,
        loads=2,
        stale=0,
    ),
    Vector("T16", "id 0 is a ValueError from 0.11.0", [_req(0, "a")], [ERROR]),
    Vector(
        "T16-0.10",
        "id 0 silently serves the base model before 0.11.0",
        [_req(0, "a")],
        [BASE_MODEL],
        version=V0_10,
        stale=1,
    ),
    Vector(
        "T17",
        "overwritten folder is re-read only after eviction",
        [_req(1, "a", content="v1"), _req(2, "b"), _req(1, "a", content="v2")],
        ["a", "b", "a"],
        loads=3,
        stale=0,
        served_content=("v1", None, "v2"),
    ),
    Vector(
        "T17-cpu2",
        "with cpu >= 2 the old content is served again",
        [_req(1, "a", content="v1"), _req(2, "b"), _req(1, "a", content="v2")],
        ["a", "b", "a"],
        max_cpu_loras=2,
        loads=2,
        stale=1,
        served_content=("v1", None, "v1"),
    ),
    Vector(
        "audit-trajectory",
        "one engine, id 1 over six checkpoints: 5 of 6 stale",
        _checkpoint_loop([1] * 6, _SIX),
        [_SIX[0]] * 6,
        loads=1,
        stale=5,
    ),
    Vector(
        "audit-sweep-cap1",
        "16 distinct ids then 6 repeats with new paths at capacity 1",
        _checkpoint_loop([*range(1, 17), *range(1, 7)], [*_SIXTEEN, *_REPEATS]),
        [*_SIXTEEN, *_REPEATS],
        loads=22,
        stale=0,
    ),
    Vector(
        "audit-sweep-cap16",
        "the same sweep at capacity 16: all 6 repeats stale",
        _checkpoint_loop([*range(1, 17), *range(1, 7)], [*_SIXTEEN, *_REPEATS]),
        [*_SIXTEEN, *_SIXTEEN[:6]],
        max_loras=16,
        loads=16,
        stale=6,
    ),
    Vector(
        "audit-single-adapter",
        "one adapter with a constant id",
        [
            _req(1, "adapters/panel"),
            _req(1, "adapters/panel"),
            ResetEvent(),
            _req(1, "adapters/panel"),
        ],
        ["adapters/panel"] * 3,
        loads=2,
        stale=0,
    ),
)


def _served_of(record: ReplayRecord) -> str:
    return ERROR if record.error is not None else str(record.served)


def check(vector: Vector) -> list[str]:
    """Every way the simulator disagrees with the vector; empty when it agrees."""
    records = replay(
        vector.events,
        max_loras=vector.max_loras,
        max_cpu_loras=vector.max_cpu_loras,
        vllm_version=vector.version,
    )
    problems: list[str] = []
    served = [_served_of(r) for r in records]
    if served != list(vector.served):
        problems.append(f"served {served}, expected {list(vector.served)}")
    if vector.loads is not None:
        loads = sum(r.loaded for r in records)
        if loads != vector.loads:
            problems.append(f"{loads} loads, expected {vector.loads}")
    if vector.stale is not None:
        stale = sum(r.stale for r in records)
        if stale != vector.stale:
            problems.append(f"{stale} stale, expected {vector.stale}")
    if vector.served_content:
        contents = [r.served_content for r in records]
        if contents != list(vector.served_content):
            problems.append(f"served content {contents}, expected {list(vector.served_content)}")
    return problems


def run_self_test() -> list[tuple[Vector, list[str]]]:
    return [(vector, check(vector)) for vector in VECTORS]
