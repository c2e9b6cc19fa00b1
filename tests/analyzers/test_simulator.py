"""The simulator against vllm-lora-cache.md §7, written out here independently of selftest.py."""

from __future__ import annotations

import pytest

from analyzers.events import PinEvent, RemoveEvent, ReplayEvent, RequestEvent, ResetEvent
from analyzers.vllm.cache import (
    BASE_MODEL,
    ConfigError,
    LoraCacheSimulator,
    replay,
    resolve_capacity,
)
from analyzers.vllm.releases import VllmVersion, parse_version


def seq(spec: str, **extra: object) -> list[ReplayEvent]:
    """`"1:a 2:b 1:c"` -> three request events."""
    events: list[ReplayEvent] = []
    for item in spec.split():
        lora_id, path = item.split(":")
        events.append(RequestEvent.model_validate({"id": int(lora_id), "path": path, **extra}))
    return events


def served(events: list[ReplayEvent], **engine: object) -> list[str]:
    records = replay(events, **engine)  # type: ignore[arg-type]
    return ["ERR" if r.error else str(r.served) for r in records]


def loads(events: list[ReplayEvent], **engine: object) -> int:
    return sum(r.loaded for r in replay(events, **engine))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("spec", "max_loras", "max_cpu_loras", "expected", "expected_loads"),
    [
        pytest.param("1:a 1:b", 1, 1, "a a", 1, id="T1"),
        pytest.param("1:a 2:b 1:c", 1, 1, "a b c", 3, id="T2"),
        pytest.param("1:a 2:b 1:c", 1, 2, "a b a", 2, id="T3"),
        pytest.param("1:a 2:b 3:c 1:d", 1, 2, "a b c d", 4, id="T4"),
        pytest.param("1:a 2:b 1:c 3:d 2:e", 1, 2, "a b a d e", 4, id="T5"),
        pytest.param("1:a 2:b 3:c 2:d 1:e", 1, 2, "a b c b e", 4, id="T6"),
        pytest.param("1:ck1 1:ck2 1:ck3", 1, 1, "ck1 ck1 ck1", 1, id="T7"),
        pytest.param("1:ck1 2:ck2 3:ck3", 1, 1, "ck1 ck2 ck3", 3, id="T8"),
        pytest.param("1:a 2:b 3:c 1:d", 2, None, "a b c d", 4, id="T9"),
        pytest.param("1:a 2:b 3:c 1:d 4:e 2:f", 2, 3, "a b c a e f", 5, id="T10"),
    ],
)
def test_single_request_vectors(
    spec: str, max_loras: int, max_cpu_loras: int | None, expected: str, expected_loads: int
) -> None:
    engine = {"max_loras": max_loras, "max_cpu_loras": max_cpu_loras}
    assert served(seq(spec), **engine) == expected.split()
    assert loads(seq(spec), **engine) == expected_loads


def test_t6_final_lru_order() -> None:
    sim = LoraCacheSimulator(max_loras=1, max_cpu_loras=2)
    for event in seq("1:a 2:b 3:c 2:d 1:e"):
        sim.apply(event)
    assert sim.resident == [2, 1]


def test_t11_load_inplace_from_0_15() -> None:
    events = [*seq("1:a"), RequestEvent(id=1, path="b", load_inplace=True), *seq("1:c")]
    assert served(events, vllm_version=parse_version("0.15.0")) == ["a", "b", "b"]
    assert loads(events, vllm_version=parse_version("0.15.0")) == 2


def test_t11_load_inplace_is_a_type_error_before_0_15() -> None:
    events = [*seq("1:a"), RequestEvent(id=1, path="b", load_inplace=True), *seq("1:c")]
    records = replay(events, vllm_version=parse_version("0.14.0"))
    assert records[1].error is not None
    assert "load_inplace" in records[1].error
    assert [records[0].served, records[2].served] == ["a", "a"]
    assert records[2].stale


def test_t12_every_inplace_request_reloads() -> None:
    events = seq("1:a 1:b 1:c", load_inplace=True)
    records = replay(events, vllm_version=parse_version("0.33.0"))
    assert [r.served for r in records] == ["a", "b", "c"]
    assert not any(r.stale for r in records)


def test_t13_failed_load_changes_nothing_and_a_hit_never_checks_the_path() -> None:
    events: list[ReplayEvent] = [
        *seq("1:a"),
        RequestEvent(id=2, path="MISSING", exists=False),
        RequestEvent(id=1, path="MISSING", exists=False),
    ]
    records = replay(events)
    assert records[1].error is not None
    assert "No adapter found" in records[1].error
    assert records[1].served is None
    assert records[2].served == "a"
    assert records[2].stale
    assert sum(r.loaded for r in records) == 1


def test_t14_all_pinned_is_an_error_record() -> None:
    events: list[ReplayEvent] = [*seq("1:a"), PinEvent(id=1), *seq("2:b")]
    records = replay(events)
    assert records[1].error is not None
    assert "All items are pinned" in records[1].error


def test_pinned_id_survives_while_others_rotate() -> None:
    events: list[ReplayEvent] = [*seq("1:a"), PinEvent(id=1), *seq("2:b 3:c 1:z")]
    assert served(events, max_loras=1, max_cpu_loras=2) == ["a", "b", "c", "a"]


def test_pin_of_an_unregistered_id_warns_and_changes_nothing() -> None:
    sim = LoraCacheSimulator()
    assert sim.pin(7) is False
    assert len(sim.warnings) == 1
    assert "not registered" in sim.warnings[0]


def test_t15_remove_lora_forces_a_reread() -> None:
    events: list[ReplayEvent] = [*seq("1:a"), RemoveEvent(id=1), *seq("1:b")]
    assert served(events, max_loras=1, max_cpu_loras=4) == ["a", "b"]


def test_remove_of_an_absent_id_is_a_no_op() -> None:
    sim = LoraCacheSimulator()
    assert sim.remove(3) is False


def test_t16_nonpositive_ids_by_version() -> None:
    zero = [RequestEvent(id=0, path="a")]
    assert replay(zero)[0].error == "ValueError: id must be > 0, got 0"
    old = replay(zero, vllm_version=VllmVersion(0, 10, 2))[0]
    assert old.served == BASE_MODEL
    assert old.stale


def test_t17_same_path_new_content() -> None:
    events: list[ReplayEvent] = [
        RequestEvent(id=1, path="a", content="v1"),
        *seq("2:b"),
        RequestEvent(id=1, path="a", content="v2"),
    ]
    at_one = replay(events, max_cpu_loras=1)
    assert [r.served_content for r in at_one] == ["v1", None, "v2"]
    assert not at_one[2].stale
    at_two = replay(events, max_cpu_loras=2)
    assert at_two[2].served_content == "v1"
    assert at_two[2].stale


def test_reset_empties_the_cache() -> None:
    events: list[ReplayEvent] = [*seq("1:a"), ResetEvent(), *seq("1:b")]
    assert served(events) == ["a", "b"]


def test_original_audit_trajectory_eval() -> None:
    paths = [f"checkpoints/frac_{i}" for i in range(6)]
    records = replay([RequestEvent(id=1, path=p) for p in paths])
    assert sum(r.stale for r in records) == 5
    assert {r.served for r in records} == {paths[0]}


@pytest.mark.parametrize(("capacity", "stale"), [(1, 0), (16, 6)])
def test_original_audit_cross_epoch_sweep(capacity: int, stale: int) -> None:
    ids = [*range(1, 17), *range(1, 7)]
    paths = [f"epoch_{i}" for i in range(22)]
    events: list[ReplayEvent] = [
        RequestEvent(id=i, path=p) for i, p in zip(ids, paths, strict=True)
    ]
    assert sum(r.stale for r in replay(events, max_loras=capacity)) == stale


def test_original_audit_constant_single_adapter() -> None:
    records = replay(seq("1:panel 1:panel 1:panel"))
    assert not any(r.stale for r in records)


@pytest.mark.parametrize(
    ("max_loras", "max_cpu_loras", "capacity"),
    [(None, None, 1), (4, None, 4), (2, 8, 8), (2, 0, 2), (2, -1, 2)],
)
def test_capacity_defaults(max_loras: int | None, max_cpu_loras: int | None, capacity: int) -> None:
    assert resolve_capacity(max_loras, max_cpu_loras) == capacity


def test_cpu_below_gpu_is_refused_like_vllm() -> None:
    with pytest.raises(ConfigError, match="max_cpu_loras"):
        resolve_capacity(4, 2)


@pytest.mark.parametrize(
    ("text", "version"),
    [
        ("0.11.0", (0, 11, 0, 0)),
        ("0.10.1.1", (0, 10, 1, 1)),
        ("v0.15.0rc1", (0, 15, 0, 0)),
        ("0.33", (0, 33, 0, 0)),
    ],
)
def test_parse_version(text: str, version: tuple[int, ...]) -> None:
    assert tuple(parse_version(text)) == version


def test_parse_version_rejects_garbage() -> None:
    with pytest.raises(ValueError, match="not a vLLM version"):
        parse_version("latest")
