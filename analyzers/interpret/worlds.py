"""Branches the analysis cannot decide: each run follows one choice per unknown condition.

Runs are repeated with every combination of choices, up to a budget, the first run taking the
"main path" (no early exit). The order is by relevance, then depth first: an alternative whose
decision has a heavier branch (one that names a request, serve or invalidation; see
`relevance.py`) is tried before any lighter one, so a budget spent on thirty conditions that only
count parameters still reaches the branch that serves adapters. Every alternative stays pending
until it is run or the budget ends the search (then `complete` is False): ordering never prunes.
A condition on a fixed unknown (a CLI flag) is decided once per run, so `if args.fresh:` twice
never takes both sides in one run.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

T = TypeVar("T")
_PREFERRED = 10  # above every relevance weight


@dataclass
class Oracle:
    """Answers the undecidable conditions of one run from a fixed prefix, then by default."""

    prefix: list[bool]
    taken: list[tuple[bool, bool]] = field(default_factory=list)  # (choice, default)
    memo: dict[str, bool] = field(default_factory=dict)
    weights: list[int] = field(default_factory=list)  # how much each decision's branches matter
    # Every answer given, repeats of a fixed input's included, by what it answers (the memo key,
    # or `#index`): which code ran can depend on each of them.
    log: list[str] = field(default_factory=list)
    log_index: list[int] = field(default_factory=list)  # the decision each answer is (-1: none)
    memo_index: dict[str, int] = field(default_factory=dict)

    def answered(self, name: str, index: int = -1) -> None:
        """Log an answer given by what it answers, and the decision it is (-1: an answer that
        is no decision of this oracle: settled by earlier ones, or by the vLLM release)."""
        self.log.append(name)
        self.log_index.append(index)

    def decide(self, default: bool, memo_key: str | None = None, weight: int = 1) -> bool:
        if memo_key is not None and memo_key in self.memo:
            self.answered(memo_key, self.memo_index.get(memo_key, -1))
            return self.memo[memo_key]
        index = len(self.taken)
        self.answered(memo_key if memo_key is not None else f"#{index}", index)
        if memo_key is not None:
            self.memo_index[memo_key] = index
        choice = self.prefix[index] if index < len(self.prefix) else default
        self.taken.append((choice, default))
        self.weights.append(weight)
        if memo_key is not None:
            self.memo[memo_key] = choice
        return choice


def explore(
    run: Callable[[Oracle], T],
    *,
    max_worlds: int,
    first: Callable[[T], Sequence[int]] | None = None,
) -> tuple[list[T], bool]:
    """Run once per combination of choices; `complete` is False when the budget cut it short.

    `first`: decisions of a run whose other side is tried before any other alternative (a run
    that spent its step budget inside a branch: the other side of that branch skips it)."""
    results: list[T] = []
    # (-weight, -run, decision index, that run's choices): heaviest first, then the latest
    # run's earliest decision, which is the old depth-first order when every weight is equal.
    # The alternative is the choices before the decision and the other side of it; it is made
    # only when its turn comes (a run can take thousands of decisions).
    pending: list[tuple[int, int, int, list[bool]]] = [(0, 0, -1, [])]
    while pending:
        if len(results) >= max_worlds:
            return results, False
        _, _, flipped, earlier = heapq.heappop(pending)
        prefix = [*earlier[:flipped], not earlier[flipped]] if flipped >= 0 else []
        oracle = Oracle(prefix)
        results.append(run(oracle))
        choices = [choice for choice, _ in oracle.taken]
        preferred = set(first(results[-1])) if first is not None else set()
        for index in range(len(prefix), len(oracle.taken)):
            weight = oracle.weights[index] if index < len(oracle.weights) else 1
            if index in preferred:
                weight += _PREFERRED
            heapq.heappush(pending, (-weight, -len(results), index, choices))
    return results, True
