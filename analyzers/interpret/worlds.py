"""Branches the analysis cannot decide: each run follows one choice per unknown condition.

Runs are repeated with every combination of choices (depth first, the first run taking the
"main path": no early exit), up to a budget. A condition on a fixed unknown (a CLI flag) is
decided once per run, so `if args.fresh:` twice never takes both sides in one run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

T = TypeVar("T")


@dataclass
class Oracle:
    """Answers the undecidable conditions of one run from a fixed prefix, then by default."""

    prefix: list[bool]
    taken: list[tuple[bool, bool]] = field(default_factory=list)  # (choice, default)
    memo: dict[str, bool] = field(default_factory=dict)

    def decide(self, default: bool, memo_key: str | None = None) -> bool:
        if memo_key is not None and memo_key in self.memo:
            return self.memo[memo_key]
        index = len(self.taken)
        choice = self.prefix[index] if index < len(self.prefix) else default
        self.taken.append((choice, default))
        if memo_key is not None:
            self.memo[memo_key] = choice
        return choice


def explore(run: Callable[[Oracle], T], *, max_worlds: int) -> tuple[list[T], bool]:
    """Run once per combination of choices; `complete` is False when the budget cut it short."""
    results: list[T] = []
    pending: list[list[bool]] = [[]]
    while pending:
        if len(results) >= max_worlds:
            return results, False
        prefix = pending.pop()
        oracle = Oracle(prefix)
        results.append(run(oracle))
        # Alternatives for each decision this run made past its prefix; the earliest on top.
        for index in range(len(oracle.taken) - 1, len(prefix) - 1, -1):
            choices = [choice for choice, _ in oracle.taken[:index]]
            pending.append([*choices, not oracle.taken[index][0]])
    return results, True
