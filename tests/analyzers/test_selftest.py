"""The self-test notices a wrong simulator (it is not a test that cannot fail)."""

from __future__ import annotations

import pytest

from analyzers.events import RequestEvent
from analyzers.vllm import selftest
from analyzers.vllm.selftest import Vector, check, run_self_test


def test_every_vector_passes() -> None:
    assert [(v.name, p) for v, p in run_self_test() if p] == []


def test_covers_every_documented_vector() -> None:
    names = {v.name for v in selftest.VECTORS}
    assert {f"T{i}" for i in range(1, 18)} <= names
    assert {"audit-trajectory", "audit-sweep-cap1", "audit-sweep-cap16"} <= names


@pytest.mark.parametrize(
    "wrong",
    [
        Vector(
            "bad-served",
            "x",
            [RequestEvent(id=1, path="a"), RequestEvent(id=1, path="b")],
            ["a", "b"],
        ),
        Vector("bad-loads", "x", [RequestEvent(id=1, path="a")], ["a"], loads=2),
        Vector("bad-stale", "x", [RequestEvent(id=1, path="a")], ["a"], stale=1),
    ],
)
def test_check_reports_disagreement(wrong: Vector) -> None:
    assert check(wrong) != []
