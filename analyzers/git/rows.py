"""Fold HEAD's rows, branch tips' rows and history sightings into one list of driver rows.

One row per driver path and verdict: HEAD's row first (`at_head`), then each other verdict a
branch tip has for that path (with the branches in `branches`), then, for a path that is at
neither HEAD nor any tip, the most severe verdict it ever had (its row as audited at the last
commit where that verdict held). Every row of a path carries the
path's whole history (`history` spans plus `history` evidence), so a driver that was Affected and
is fixed or gone at HEAD is still shown, with its commits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from analyzers.git.history import HistoryScan, Sighting
from analyzers.git.tree import short_sha
from analyzers.model import DriverRow, Evidence, Report, Verdict, VerdictSpan

# Most severe first: a path seen only in history is shown with the worst verdict it had.
SEVERITY: tuple[Verdict, ...] = (
    Verdict.AFFECTED,
    Verdict.INDETERMINATE,
    Verdict.NO_REALIZED_RUN,
    Verdict.SAFE_PROBABILISTIC,
    Verdict.SAFE_BY_EVICTION,
    Verdict.SAFE_FRESH_PROCESS,
    Verdict.SAFE_SINGLE_ADAPTER,
    Verdict.SAFE_DISTINCT_ID,
)


@dataclass(frozen=True)
class Tip:
    """A branch tip and its audit."""

    name: str
    report: Report


def _copy(row: DriverRow) -> DriverRow:
    return row.model_copy(deep=True)


def spans(scan: HistoryScan, path: str) -> list[VerdictSpan]:
    """Each verdict the path had: its first and last commit, earliest first."""
    seen = sorted(scan.sightings.get(path, {}).values(), key=lambda s: s.first)
    return [
        VerdictSpan(
            verdict=s.verdict,
            first_commit=short_sha(scan.order[s.first]),
            last_commit=short_sha(scan.order[s.last]),
        )
        for s in seen
    ]


def _span_evidence(scan: HistoryScan, path: str, sighting: Sighting) -> Evidence:
    first, last = scan.order[sighting.first], scan.order[sighting.last]
    plural = "commit" if sighting.commits == 1 else "commits"
    return Evidence(
        kind="history",
        where=f"{path}:{sighting.first_line}@{short_sha(first)}",
        detail=(
            f"{sighting.verdict.value} from {short_sha(first)} to {short_sha(last)} "
            f"({sighting.commits} {plural})"
        ),
    )


def history_evidence(scan: HistoryScan, path: str) -> list[Evidence]:
    seen = sorted(scan.sightings.get(path, {}).values(), key=lambda s: s.first)
    evidence = [_span_evidence(scan, path, s) for s in seen]
    for rename in scan.renames:
        when = short_sha(rename.commit)
        if path == rename.old:
            detail = f"renamed to {rename.new} in {when}"
        elif path == rename.new:
            detail = f"renamed from {rename.old} in {when}"
        else:
            continue
        evidence.append(Evidence(kind="history", where=f"{path}@{when}", detail=detail))
    return evidence


def _row_at(audit: Callable[[str], Report], commit: str, path: str, verdict: Verdict) -> DriverRow:
    """The row the analyzer gives `path` at `commit` (where the history saw `verdict`)."""
    for row in audit(commit).drivers:
        if row.path == path and row.verdict is verdict:
            return row
    raise RuntimeError(f"{path} was {verdict.value} at {commit} in the history walk, not now")


def assemble_rows(
    head: Report | None,
    *,
    tips: Sequence[Tip] | None = None,
    scan: HistoryScan | None = None,
    audit: Callable[[str], Report] | None = None,
) -> list[DriverRow]:
    """The report's rows for HEAD plus, when given, branch tips and a history scan.

    A path seen only in history gets the row `audit(commit)` gives it at the last commit
    where it had its most severe verdict (`audit` is required with `scan`).
    """
    rows: list[DriverRow] = []
    by_path: dict[str, list[DriverRow]] = {}
    for row in head.drivers if head is not None else []:
        new = _copy(row)
        new.at_head = True
        new.branches = [] if tips is not None else None
        rows.append(new)
        by_path.setdefault(new.path, []).append(new)
    for tip in tips or []:
        for row in tip.report.drivers:
            same = [r for r in by_path.get(row.path, []) if r.verdict is row.verdict]
            if same:
                target = same[0]
            else:
                target = _copy(row)
                target.at_head, target.branches, target.commit = False, [], tip.report.commit
                rows.append(target)
                by_path.setdefault(row.path, []).append(target)
            assert target.branches is not None  # set for every row when tips are given
            target.branches.append(tip.name)
            target.evidence.append(
                Evidence(
                    kind="history",
                    where=f"{row.path}:{row.line}@{short_sha(tip.report.commit)}",
                    detail=f"{row.verdict.value} at the tip of branch {tip.name}",
                )
            )
    if scan is not None:
        if audit is None:
            raise ValueError("assemble_rows needs `audit` to show rows seen only in history")
        for path, seen in scan.sightings.items():
            if path not in by_path:
                worst = min(seen.values(), key=lambda s: SEVERITY.index(s.verdict))
                gone = _copy(_row_at(audit, scan.order[worst.last], path, worst.verdict))
                gone.at_head, gone.commit = False, scan.order[worst.last]
                gone.branches = [] if tips is not None else None
                rows.append(gone)
                by_path[path] = [gone]
            for row in by_path[path]:
                row.history = spans(scan, path)
                row.evidence.extend(history_evidence(scan, path))
    return sorted(rows, key=lambda r: (r.path, not r.at_head, SEVERITY.index(r.verdict)))
