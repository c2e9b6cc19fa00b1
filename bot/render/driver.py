"""One driver in detail: its replay excerpt (requested vs served), its evidence, how to fix it."""

from __future__ import annotations

from analyzers.model import DriverRow, Report
from analyzers.vllm.releases import has_load_inplace, parse_version
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


def _load_inplace_note(report: Report) -> str:
    if not report.vllm_version:
        return "(needs vLLM ≥ 0.15.0; this repository does not pin a version)"
    try:
        pinned = parse_version(report.vllm_version)
    except ValueError:
        return "(needs vLLM ≥ 0.15.0)"
    if has_load_inplace(pinned):
        return f"(available: vLLM {cell(report.vllm_version, 40)} is pinned)"
    return f"(**not available** in the pinned vLLM {cell(report.vllm_version, 40)}: upgrade first)"


def suggested_fix(report: Report) -> list[str]:
    """The three ways to stop vLLM serving the first-loaded weights for a reused id."""
    return [
        "How to fix it (any one of these):",
        "",
        "1. Give every adapter path (and every new version of its weights) its own "
        "`lora_int_id`, e.g. `LoRARequest(name, index + 1, path)` over "
        "`enumerate(checkpoints)`, or a dict from path to id that only grows.",
        "2. Call `remove_lora(lora_int_id)` on the engine before the id is reused for new "
        "weights, so vLLM reads the path again.",
        f"3. Pass `load_inplace=True` to `LoRARequest(...)` {_load_inplace_note(report)}.",
        "",
        "vLLM caches adapters by `lora_int_id` alone: when the id is already loaded, the new "
        "`lora_path` is never read, so the first-loaded weights are served without any error.",
        "",
    ]
