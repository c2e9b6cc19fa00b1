"""How many iterations a loop of unknown length must be followed before its ids are known.

A loop over something of unknown length (`sys.argv[1:]`, a directory listing) is followed for a
few iterations. Ids counted by such a loop are distinct in those iterations but may not stay so:
a counter from 1 reaches a reserved id (4, or 111) used elsewhere, `i % K + 1` wraps after K
items, `lid + 1 if lid < 3 else 1` after 3. A safe answer from the short run is therefore only
kept once the loop was followed far enough to show each of these, or, where that is too far,
becomes `Indeterminate` naming the count at which the ids meet.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise

from analyzers.files.parsing import Loc
from analyzers.interpret.runtime import MAX_PERIODIC_ITERATIONS
from analyzers.interpret.trace import CountTest, PeriodicTest, Served
from analyzers.interpret.values import Const

MAX_ITERATIONS = 16  # iterations of one unknown-length loop a widened search follows


@dataclass(frozen=True)
class Widening:
    """`iterations` to follow next, or `beyond`: why no affordable count would do."""

    iterations: int = 0
    beyond: str | None = None


def _int(value: object) -> int | None:
    if isinstance(value, Const) and type(value.value) is int:
        return value.value
    return None


def compared_numbers(tree: ast.Module) -> list[int]:
    """Small int literals a comparison tests against (`lid < 3`, `count >= 5`): a counter that
    wraps or changes course does so at one of these."""
    found: list[int] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for part in (node.left, *node.comparators):
                if isinstance(part, ast.Constant) and type(part.value) is int:
                    found.append(part.value)
    return [n for n in found if 1 < n <= MAX_ITERATIONS]


def widening(served: Iterable[Served], compared: list[int], followed: int) -> Widening | None:
    """What the ids one run served need, when it followed unknown-length loops `followed` times.

    None: nothing more to see (no site gave several ids, or enough iterations were followed).
    """
    ids_at: dict[Loc, list[int]] = {}
    periods: list[int] = []
    for event in served:
        number = _int(event.lora_id)
        if number is None:
            continue
        ids = ids_at.setdefault(event.request.loc, [])
        if number not in ids:
            ids.append(number)
        period = event.lora_id.period if isinstance(event.lora_id, Const) else None
        if period is not None:
            periods.append(period)
    counted = {loc: ids for loc, ids in ids_at.items() if len(ids) >= 2}
    if not counted:
        return None
    need = max([2 * p + 1 for p in periods] + [c + 2 for c in compared], default=0)
    beyond: str | None = None
    for loc, ids in counted.items():
        meet = _meeting(ids, {n for other, got in ids_at.items() if other != loc for n in got})
        if meet is None:
            continue
        items, number = meet
        if items > MAX_ITERATIONS and beyond is None:
            beyond = (
                f"the lora_int_id at {loc} counts {', '.join(map(str, ids[:3]))}, … with the "
                f"items of a loop of unknown length and reaches id {number}, which another "
                f"request uses, after {items} items; only {followed} were followed"
            )
        need = max(need, items)
    if any(2 * p + 1 > MAX_ITERATIONS for p in periods) and beyond is None:
        period = max(periods)
        beyond = (
            f"lora_int_id cycles modulo {period} over a loop of unknown length, but only "
            f"{followed} iterations were followed, too few to see whether a repeated id is "
            f"still cached"
        )
    if beyond is not None:
        return Widening(beyond=beyond)
    need = min(need, MAX_ITERATIONS)
    return Widening(iterations=need) if need > followed else None


def periodic_widening(
    tests: Iterable[PeriodicTest],
    symbolic: Iterable[Loc],
    followed: int,
    *,
    loop: str = "a loop of unknown length",
) -> Widening | None:
    """What tests of a counter modulo k (`if step % 50 == 0:` guarding a save and a serve)
    inside loops of unknown length need: 2k + 1 items, so that the answer comes round (the
    second save into the folder, served the first weights) within the items followed."""
    cut = set(symbolic)
    found = [test for test in tests if cut.intersection(test.loops)]
    if not found:
        return None
    widest = max(found, key=lambda test: test.modulus)
    need = 2 * widest.modulus + 1
    if need > MAX_PERIODIC_ITERATIONS:
        return Widening(
            beyond=(
                f"`{widest.loc.code}` at {widest.loc} tests a count modulo {widest.modulus} "
                f"inside {loop}, so its answer comes round only every "
                f"{widest.modulus} items, and only {followed} were followed: what a longer run "
                f"does there again is not known"
            )
        )
    return Widening(iterations=need) if need > followed else None


def count_widening(
    tests: Iterable[CountTest], symbolic: Iterable[Loc], followed: int
) -> Widening | None:
    """What thresholds on counts (`if step >= 10:` guarding a save) inside loops cut short (of
    unknown length, or longer than the cap) need: enough items for the count to pass the
    threshold and go on once more. A side is a count where it steps evenly from one evaluation
    to the next while the other stays."""
    cut = set(symbolic)
    by_place: dict[Loc, list[CountTest]] = {}
    for test in tests:
        if cut.intersection(test.loops):
            by_place.setdefault(test.loc, []).append(test)
    need = 0
    for loc, found in by_place.items():
        sides = ([test.left for test in found], [test.right for test in found])
        for moving, fixed in (sides, sides[::-1]):
            items = _items_to_pass(moving, fixed)
            if items is None:
                continue
            seen = len(moving)  # the items followed (one test each)
            if seen + items + 1 > MAX_PERIODIC_ITERATIONS:
                return Widening(
                    beyond=(
                        f"`{loc.code}` at {loc} compares a count with {fixed[0]} inside a loop "
                        f"whose items were not all followed; the count passes it after "
                        f"{seen + items} items, and only {seen} were followed: what a longer "
                        f"run does there is not known"
                    )
                )
            need = max(need, seen + items + 1)
    return Widening(iterations=need) if need > followed else None


def _items_to_pass(moving: list[int], fixed: list[int]) -> int | None:
    """How many more evaluations take `moving` (an even count) past the fixed `fixed`."""
    step = _even_step(moving)
    if step is None or len(set(fixed)) != 1:
        return None
    gap = fixed[0] - moving[-1]
    if gap * step < 0:
        return None  # counting away from it
    return gap // step + 1


def _even_step(numbers: list[int]) -> int | None:
    """What each number adds to the one before, where that is the same nonzero step for all
    (a count); None otherwise."""
    steps = {b - a for a, b in pairwise(numbers)}
    if len(steps) != 1:
        return None
    step = steps.pop()
    return step or None


def _meeting(ids: list[int], others: set[int]) -> tuple[int, int] | None:
    """(items, id): after how many items a counter going like `ids` first gives an id of
    `others` it has not given yet, if it steps evenly."""
    step = _even_step(ids)
    if step is None:
        return None
    start = ids[0]
    ahead = [
        n for n in others if n not in ids and (n - start) % step == 0 and (n - start) // step > 0
    ]
    if not ahead:
        return None
    number = min(ahead, key=lambda n: (n - start) // step)
    return (number - start) // step + 1, number
