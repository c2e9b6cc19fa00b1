"""`step % k` of a loop of unknown length: one unknown per loop, not one per item.

A loop over `range(args.steps)` is followed for a few items, each the first one shifted by its
place (`range(args.steps)[1]` is `[0] + 1`), so that `if step == 5` stays a decision. Its
remainders keep that relation: neighbours alternate, items `k` apart agree. Two folders used in
turn on an engine that holds one adapter are then evicted before every repeat, and on one that
holds two they are a rewritten folder served from the cache; a world where two neighbouring
steps are both even does not exist.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzers.audit import AuditOptions, audit_tree
from analyzers.files.directory import DirectoryTree
from analyzers.interpret.conditions import residue_test
from analyzers.interpret.values import Cond, SteppedItem, same
from analyzers.model import Verdict

_HEAD = """\
import argparse

from vllm import LLM
from vllm.lora.request import LoRARequest

ap = argparse.ArgumentParser()
ap.add_argument("--steps", type=int, default=400)
args = ap.parse_args()
policy = build_policy()
llm = LLM("m", enable_lora=True, max_loras={capacity})
"""
# Two folders in turn, chosen by a test of the step's parity (as `BufferPair.for_step`).
PING_PONG = """\
for step in range(args.steps):
    if step % 2:
        name, lora_id, path = "b", 2, "buf_b"
    else:
        name, lora_id, path = "a", 1, "buf_a"
    policy.save_pretrained(path)
    llm.generate(["hi"], lora_request=LoRARequest(name, lora_id, path))
"""
# Three slots with ids and folders computed from the remainder, every other step.
SLOTS = """\
for step in range(1, args.steps, 2):
    slot = step % 3
    path = f"slot_{slot}"
    policy.save_pretrained(path)
    llm.generate(["hi"], lora_request=LoRARequest(f"s{slot}", slot + 1, path))
"""


def _verdict(tmp_path: Path, loop: str, capacity: int) -> tuple[Verdict, str]:
    (tmp_path / "driver.py").write_text(_HEAD.format(capacity=capacity) + loop)
    report = audit_tree(DirectoryTree(tmp_path), AuditOptions(), jobs=1)
    (row,) = report.drivers
    return row.verdict, row.reason


@pytest.mark.parametrize(
    ("loop", "capacity", "expected"),
    [
        (PING_PONG, 1, Verdict.SAFE_BY_EVICTION),
        (PING_PONG, 2, Verdict.AFFECTED),
        (SLOTS, 1, Verdict.SAFE_BY_EVICTION),
        (SLOTS, 3, Verdict.AFFECTED),
    ],
)
def test_folders_in_turn_are_judged_by_what_the_cache_holds(
    tmp_path: Path, loop: str, capacity: int, expected: Verdict
) -> None:
    verdict, reason = _verdict(tmp_path, loop, capacity)
    assert verdict is expected, reason
    assert "% 2 == 0 and" not in reason  # no world takes two neighbours to be both even


def _items(start: int = 0, step: int = 1) -> list[SteppedItem]:
    return [
        SteppedItem(
            "range#1:1", f"range(n)[{i}]", start + i * step, first="range(n)[0]", start=start
        )
        for i in range(4)
    ]


def test_a_remainder_test_is_a_test_of_the_first_items_remainder() -> None:
    items = _items()
    tests = [residue_test(item.residue(2), (0,), negated=False) for item in items]
    assert all(isinstance(test, Cond) for test in tests)
    subjects = {test.subject for test in tests if isinstance(test, Cond)}
    assert len(subjects) == 1
    assert [test.literals for test in tests if isinstance(test, Cond)] == [(0,), (1,), (0,), (1,)]
    assert tests[0].describe() == "range(n)[0] % 2 == 0"  # type: ignore[union-attr]
    # With a stride: the items of range(1, n, 2) are F, F + 2, F + 4, F + 6 (mod 3), so each is 0
    # where F is 0, 1, 2 and 0 again.
    odd = [residue_test(item.residue(3), (0,), negated=False) for item in _items(1, 2)]
    assert [test.literals for test in odd if isinstance(test, Cond)] == [(0,), (1,), (2,), (0,)]


def test_a_remainder_is_never_a_number_out_of_its_range() -> None:
    residue = _items()[1].residue(2)
    assert residue_test(residue, (2,), negated=False) is False
    assert residue_test(residue, (-1,), negated=True) is True
    assert residue_test(residue, ("a",), negated=False) is False
    assert residue_test(residue, (0, 1), negated=False) is True  # `in (0, 1)`: every remainder
    assert residue_test(residue.shifted(1), (2,), negated=False) == Cond(
        residue.key, "range(n)[0] % 2", (0,), False, residue.where, modulus=2
    )


def test_remainders_of_one_loop_are_equal_apart_or_unknown_by_their_places() -> None:
    items = _items()
    zero, one, two = (item.residue(2) for item in items[:3])
    assert same(zero, two) is True
    assert same(zero, one) is False
    assert same(zero.shifted(1), two.shifted(1)) is True
    assert same(zero.shifted(1), one.shifted(1)) is False  # ids `i % 2 + 1` alternate
    assert same(zero, two.shifted(1)) is False
    assert same(zero.shifted(1), one) is None  # 1 and 1 when item 0 is even
