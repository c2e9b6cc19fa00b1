"""A Markdown verdict table for pull request comments and issue bodies."""

from __future__ import annotations

from analyzers.model import DriverRow, Report, Verdict
from analyzers.render.git_notes import report_notes, row_notes
from analyzers.render.table import UNREASONED_IGNORE, display_order, is_finding
from analyzers.vllm.version_plan import UNPINNED

_MARK = {Verdict.AFFECTED: "🔴", Verdict.INDETERMINATE: "🟡", Verdict.NO_REALIZED_RUN: "⚪"}


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _verdict(row: DriverRow) -> str:
    mark = _MARK.get(row.verdict, "🟢" if row.verdict.is_safe else "")
    text = f"{mark} {row.verdict.value}".strip()
    if row.suppressed is not None:
        text += f" (suppressed: {_cell(row.suppressed.reason or '')})"
    elif any(UNREASONED_IGNORE in item.detail for item in row.evidence):
        text += " (ignore without a reason: not honoured)"
    return text


def render_markdown(report: Report, *, only_findings: bool = False) -> str:
    commit = f" at `{report.commit[:7]}`" if report.commit else ""
    version = (
        f"vLLM {report.vllm_version} (from {report.vllm_version_source})"
        if report.vllm_version
        else UNPINNED
    )
    lines = [f"### LoRA cache audit of `{_cell(report.root)}`{commit}", "", version, ""]
    shown = display_order(
        [row for row in report.drivers if is_finding(row)] if only_findings else report.drivers
    )
    if shown:
        lines += ["| Driver | Verdict | Requests | Stale | Why |", "|---|---|---:|---:|---|"]
        for row in shown:
            why = _cell(row.reason)
            if row.bound is not None:
                why += f" (bound {row.bound:.2g})"
            why += "".join(f"<br>{_cell(note)}" for note in row_notes(row))
            lines.append(
                f"| `{_cell(row.path)}:{row.line}` | {_verdict(row)} | {row.requests} | "
                f"{row.stale} | {why} |"
            )
    elif report.drivers:
        lines.append(f"No findings: every one of the {len(report.drivers)} drivers is safe.")
    else:
        lines.append("No drivers found.")
    counts = ", ".join(
        f"{count} {verdict.value}" for verdict, count in report.counts.items() if count
    )
    notes = report_notes(report)
    if notes:
        lines += ["", "```", *notes, "```"]
    lines += ["", f"**{len(report.drivers)} drivers**" + (f": {counts}" if counts else "")]
    return "\n".join(lines) + "\n"
