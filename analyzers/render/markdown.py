"""A Markdown verdict table (pull request comments, issue bodies)."""

from __future__ import annotations

from analyzers.model import Report


def render_markdown(report: Report) -> str:
    lines = ["| driver | verdict | reason |", "|---|---|---|"]
    lines += [
        f"| `{row.path}:{row.line}` | {row.verdict.value} | {row.reason} |"
        for row in report.drivers
    ]
    return "\n".join(lines) + "\n"
