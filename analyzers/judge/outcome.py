"""The verdict of one run at one vLLM version, and the order of severity that picks the worst."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from analyzers.events import ReplayRecord
from analyzers.files.parsing import Loc
from analyzers.model import Verdict

SEVERITY = {
    Verdict.NO_REALIZED_RUN: 0,
    Verdict.SAFE_SINGLE_ADAPTER: 1,
    Verdict.SAFE_FRESH_PROCESS: 2,
    Verdict.SAFE_DISTINCT_ID: 3,
    Verdict.SAFE_BY_EVICTION: 4,
    Verdict.SAFE_PROBABILISTIC: 5,
    Verdict.INDETERMINATE: 6,
    Verdict.AFFECTED: 7,
}
MAX_RECORDS = 200  # replay records kept per outcome (and per report row)


@dataclass
class Outcome:
    """The verdict of one run at one vLLM version and one capacity choice."""

    verdict: Verdict
    reason: str
    line: Loc | None = None
    records: list[ReplayRecord] = field(default_factory=list)
    requests: int = 0
    stale: int = 0
    bound: float | None = None
    notes: list[str] = field(default_factory=list)
    focus: list[tuple[Loc, str]] = field(default_factory=list)  # evidence: where, what
    # A Safe-by-eviction or Safe-probabilistic verdict shown to hold in the worlds not
    # explored too, whose other answers can only skip requests (`skipping.py`).
    survives_skipping: bool = False
    # No-realized-run because a mock stands in for vLLM (positive evidence), not because no
    # analysed run happened to serve what was built.
    mocked: bool = False


def rests_on_order(verdict: Verdict) -> bool:
    """A safe kind that can rest on every request being made in order (eviction, digests),
    unlike distinct ids or one adapter per engine, which any subset of the requests keeps."""
    return verdict.is_safe and SEVERITY[verdict] >= SEVERITY[Verdict.SAFE_BY_EVICTION]


def worst(outcomes: Sequence[Outcome]) -> Outcome:
    """The most severe; of equals, the first that rests on the most requests (a world that
    stopped early, at a KeyError say, explains less than one that served them all)."""
    return max(outcomes, key=lambda outcome: (SEVERITY[outcome.verdict], outcome.requests))
