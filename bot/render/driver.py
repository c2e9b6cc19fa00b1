"""One driver in detail: its replay excerpt (requested vs served), its evidence, how to fix it."""

from __future__ import annotations

from analyzers.model import DriverRow, Report
from analyzers.vllm.fixes import FIXES, WHY, Fix
from analyzers.vllm.releases import parse_version
from bot.render.markdown import cell, code

REPLAY_ROWS = 12


def replay_excerpt(row: DriverRow, limit: int = REPLAY_ROWS) -> list[str]:
    """The replayed requests around the first stale serve, as a table."""
    if not row.replay:
        return []
    first_stale = next((index for index, item in enumerate(row.replay) if item.stale), 0)
    start = max(first_stale - 2, 0)
    shown = row.replay[start : start + limit]
    lines = [
        f"Replay through vLLM's adapter cache ({row.requests} request(s), {row.stale} stale):",
        "",
        "| # | `lora_int_id` | Requested | Served | Stale |",
        "| ---: | ---: | --- | --- | --- |",
    ]
    for number, item in enumerate(shown, start=start + 1):
        if item.error is not None:
            served = f"error: {cell(item.error, 120)}"
        else:
            served = code(item.served or "")
            if item.served_content is not None:
                served += f" ({cell(item.served_content, 40)})"
        requested = code(item.requested)
        if item.requested_content is not None:
            requested += f" ({cell(item.requested_content, 40)})"
        stale = "**stale**" if item.stale else ""
        lines.append(f"| {number} | {item.id} | {requested} | {served} | {stale} |")
    hidden = len(row.replay) - len(shown)
    if hidden:
        lines.append(f"| … | | {hidden} more request(s) not shown | | |")
    return [*lines, ""]


def evidence_list(row: DriverRow, limit: int = 20) -> list[str]:
    if not row.evidence:
        return []
    lines = ["Evidence:", ""]
    for item in row.evidence[:limit]:
        lines.append(
            f"- **{item.kind}** {code(item.where, in_table=False)}: {cell(item.detail, 500)}"
        )
    if len(row.evidence) > limit:
        lines.append(f"- … and {len(row.evidence) - limit} more")
    return [*lines, ""]


def _availability_note(fix: Fix, report: Report) -> str:
    """Whether the repository's pinned vLLM has a fix that needs a release (empty if any has)."""
    if fix.since is None:
        return ""
    if not report.vllm_version:
        return f" (needs vLLM ≥ {fix.since}; this repository does not pin a version)"
    try:
        pinned = parse_version(report.vllm_version)
    except ValueError:
        return f" (needs vLLM ≥ {fix.since})"
    if fix.available(pinned):
        return f" (available: vLLM {cell(report.vllm_version, 40)} is pinned)"
    return f" (**not available** in the pinned vLLM {cell(report.vllm_version, 40)}: upgrade first)"


def suggested_fix(report: Report) -> list[str]:
    """The ways to stop vLLM serving the first-loaded weights for a reused id (`vllm/fixes.py`)."""
    steps = [
        f"{number}. {fix.advice}{_availability_note(fix, report)}."
        for number, fix in enumerate(FIXES, start=1)
    ]
    return ["How to fix it (any one of these):", "", *steps, "", WHY, ""]
