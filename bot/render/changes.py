"""What a pull request changed, driver by driver: base rows against head rows.

The report's `diff` says which drivers became or stopped being Affected. A reviewer also needs to
know which became Indeterminate (the analysis can no longer vouch for them), and which other
drivers the change touched, so the sticky comment lists exactly those and nothing else.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from enum import Enum

from analyzers.model import DriverRow, Report, Verdict
from bot.badge import is_suppressed

# Verdicts that keep a follow-up issue or a finding open: never call a driver fixed on a guess.
UNRESOLVED = frozenset({Verdict.AFFECTED, Verdict.INDETERMINATE})


class Kind(Enum):
    NEWLY_AFFECTED = "newly affected"
    NEWLY_INDETERMINATE = "newly indeterminate"
    FIXED = "fixed"
    CHANGED = "changed"


@dataclass(frozen=True)
class DriverChange:
    """One driver the pull request changed: its row before (None: new) and after (None: gone)."""

    kind: Kind
    path: str  # the head path (the base path for a driver the change removed)
    base: DriverRow | None
    head: DriverRow | None


@dataclass(frozen=True)
class PullRequestChanges:
    changes: list[DriverChange] = field(default_factory=list)
    already_affected: int = 0  # affected at head and on the base already

    def of(self, kind: Kind) -> list[DriverChange]:
        return [change for change in self.changes if change.kind is kind]

    @property
    def worth_saying(self) -> bool:
        """A newly affected or newly indeterminate driver, or a fixed one."""
        return any(change.kind is not Kind.CHANGED for change in self.changes)


def _is(row: DriverRow | None, verdict: Verdict) -> bool:
    return row is not None and row.verdict is verdict


def _live(row: DriverRow | None, verdict: Verdict) -> bool:
    """`row` has `verdict` and is not ignored inline."""
    return row is not None and _is(row, verdict) and not is_suppressed(row)


def _kind(base: DriverRow | None, head: DriverRow | None) -> Kind | None:
    # As the report's `diff` decides it (suppression aside): Affected at head, not at base.
    if _live(head, Verdict.AFFECTED) and not _is(base, Verdict.AFFECTED):
        return Kind.NEWLY_AFFECTED
    if _live(head, Verdict.INDETERMINATE) and not _is(base, Verdict.INDETERMINATE):
        return Kind.NEWLY_INDETERMINATE
    if _is(base, Verdict.AFFECTED) and (head is None or head.verdict not in UNRESOLVED):
        return Kind.FIXED
    if base is None or head is None or base.verdict is not head.verdict:
        return Kind.CHANGED
    return None


ORDER = {kind: index for index, kind in enumerate(Kind)}


def compare_drivers(
    base: Report,
    head: Report,
    *,
    renames: Mapping[str, str] | None = None,
    touched: Collection[str] = (),
) -> PullRequestChanges:
    """Each driver whose verdict the change moved, or whose file it touched (head paths).

    `renames` maps base paths to head paths (a moved driver is the same driver); `touched` are
    the paths the change added, modified or removed. An inline-ignored row counts as settled.
    """
    moves = dict(renames or {})
    before = {moves.get(row.path, row.path): row for row in base.drivers}
    after = {row.path: row for row in head.drivers}
    touched_paths = set(touched) | {moves.get(path, path) for path in touched}
    found: list[DriverChange] = []
    for path in sorted(set(before) | set(after)):
        old, new = before.get(path), after.get(path)
        kind = _kind(old, new)
        if kind is None and path in touched_paths:
            kind = Kind.CHANGED
        if kind is not None:
            shown = path if new is not None else (old.path if old is not None else path)
            found.append(DriverChange(kind, shown, old, new))
    found.sort(key=lambda change: (ORDER[change.kind], change.path))
    already = sum(
        1
        for path, row in after.items()
        if _live(row, Verdict.AFFECTED) and _is(before.get(path), Verdict.AFFECTED)
    )
    return PullRequestChanges(found, already)


def changes_from_diff(report: Report) -> PullRequestChanges:
    """The changes the report's `diff` alone shows (no base rows: no newly indeterminate ones)."""
    if report.diff is None:
        return PullRequestChanges()
    head = {row.path: row for row in report.drivers}
    found = [
        DriverChange(Kind.NEWLY_AFFECTED, path, None, head.get(path))
        for path in report.diff.newly_affected
        if path in head and not is_suppressed(head[path])
    ]
    found += [
        DriverChange(Kind.FIXED, path, None, head.get(path))
        for path in report.diff.resolved
        if path not in head or head[path].verdict not in UNRESOLVED
    ]
    return PullRequestChanges(found, len(report.diff.still_affected))
