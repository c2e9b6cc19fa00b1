"""The git-aware parts of a report in words: where a row lived, the diff, the fix commits.

Shared by the table and Markdown renderers; each returns nothing for a plain folder scan.
"""

from __future__ import annotations

from analyzers.model import DriverRow, Report


def row_notes(row: DriverRow) -> list[str]:
    """Where a driver row lived: HEAD or not, branch tips, verdict spans in history."""
    notes = []
    if row.at_head is False:
        seen = f" (this row: {row.commit[:7]})" if row.commit else ""
        notes.append(f"not at HEAD{seen}")
    if row.branches:
        notes.append("branches: " + ", ".join(row.branches))
    if row.history:
        spans = [
            f"{span.verdict.value} {span.first_commit}..{span.last_commit}" for span in row.history
        ]
        notes.append("history: " + "; ".join(spans))
    return notes


def report_notes(report: Report) -> list[str]:
    """The base-versus-head diff and the fix-commit checks."""
    notes = []
    if report.diff is not None:
        diff = report.diff
        notes.append(f"compared with base {diff.base[:7]} (head {diff.head[:7]}):")
        for name, paths in (
            ("newly affected", diff.newly_affected),
            ("resolved", diff.resolved),
            ("still affected", diff.still_affected),
        ):
            notes.append(f"  {name}: {', '.join(paths) if paths else 'none'}")
        if diff.newly_indeterminate:
            notes.append(f"  newly undecided: {', '.join(diff.newly_indeterminate)}")
    for fix in report.fix_commits or []:
        title = f" {fix.title!r}" if fix.title else ""
        if not fix.exists:
            state = "not found in this repository"
        elif fix.on_default_branch:
            state = "on the default branch"
        else:
            state = "NOT on the default branch"
        notes.append(f"fix commit {fix.sha[:7]}{title}: {state}")
    return notes
