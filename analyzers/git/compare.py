"""Base versus head: which drivers a change makes Affected, which it fixes, which stay Affected.

A driver is newly affected when it is Affected at head and was not Affected at base (or did not
exist there) — whatever the cause, a helper it calls included. A file git sees as renamed is the
same driver under its new name, so moving an Affected driver is "still affected", not new.
"""

from __future__ import annotations

from collections.abc import Sequence

from analyzers.git.walk import Change
from analyzers.model import DiffSummary, Report, Verdict


def renamed(changes: Sequence[Change]) -> dict[str, str]:
    """base path -> head path for every rename in `changes`."""
    return {c.old_path: c.path for c in changes if c.status == "R" and c.old_path is not None}


def _affected(report: Report, verdict: Verdict = Verdict.AFFECTED) -> set[str]:
    return {row.path for row in report.drivers if row.verdict is verdict}


def classify(
    base: Report, head: Report, changes: Sequence[Change], *, base_sha: str, head_sha: str
) -> DiffSummary:
    """The report's `diff` section; paths are head paths, except `resolved` (base paths)."""
    moves = renamed(changes)
    before = {moves.get(path, path) for path in _affected(base)}
    after = _affected(head)
    resolved = sorted(p for p in _affected(base) if moves.get(p, p) not in after)
    undecided = {moves.get(path, path) for path in _affected(base, Verdict.INDETERMINATE)}
    return DiffSummary(
        base=base_sha,
        head=head_sha,
        newly_affected=sorted(after - before),
        resolved=resolved,
        still_affected=sorted(after & before),
        newly_indeterminate=sorted(_affected(head, Verdict.INDETERMINATE) - undecided),
    )
