"""One driver in detail: its replay excerpt (requested vs served), its evidence, how to fix it."""

from __future__ import annotations

from analyzers.model import DriverRow, Report
from analyzers.vllm.fixes import FIXES, WHY, Fix
from analyzers.vllm.releases import parse_version
from bot.render.inert import code, escaped
from bot.render.links import RepoLinks

REPLAY_ROWS = 12
# The evidence lines a reviewer looks at besides the request: where the stale adapter is served,
# where the adapter served instead was loaded, where the folder is rewritten under a cached id.
RELATED_EVIDENCE = {
    "served a stale adapter": "vLLM serves a stale adapter here",
    "adapter that was served instead": "the adapter served instead was loaded here",
    "adapter folder rewritten": "the adapter folder is rewritten here, under a cached id",
}


def _loaded_at(row: DriverRow, index: int) -> int | None:
    """The 1-based number of the request that loaded what request `index` was served."""
    item = row.replay[index]
    for earlier in range(index - 1, -1, -1):
        other = row.replay[earlier]
        if (
            other.loaded
            and other.id == item.id
            and other.served == item.served
            and other.served_content == item.served_content
        ):
            return earlier + 1
    return None


def _served_cell(row: DriverRow, index: int) -> str:
    """What was served, and when the weights differ, from which request (never the raw tokens)."""
    item = row.replay[index]
    if item.error is not None:
        return f"error: {escaped(item.error, 120)}"
    served = code(item.served or "")
    if not item.stale:
        return served
    loader = _loaded_at(row, index)
    origin = f"as loaded by request {loader}" if loader is not None else "loaded earlier"
    if item.served == item.requested and item.served_content != item.requested_content:
        return f"{served} {origin} (same path, new weights)"
    return f"{served} {origin}"


def replay_excerpt(row: DriverRow, limit: int = REPLAY_ROWS) -> list[str]:
    """The replayed requests around the first stale serve, as a table."""
    if not row.replay:
        return []
    first_stale = next((index for index, item in enumerate(row.replay) if item.stale), 0)
    start = max(first_stale - 2, 0)
    shown = range(start, min(start + limit, len(row.replay)))
    lines = [
        f"Replay through vLLM's adapter cache ({row.requests} request(s), {row.stale} stale):",
        "",
        "| # | `lora_int_id` | Requested | Served | Stale |",
        "| ---: | ---: | --- | --- | --- |",
    ]
    for index in shown:
        item = row.replay[index]
        stale = "**stale**" if item.stale else ""
        lines.append(
            f"| {index + 1} | {item.id} | {code(item.requested)} | {_served_cell(row, index)} "
            f"| {stale} |"
        )
    hidden = len(row.replay) - len(shown)
    if hidden:
        lines.append(f"| … | | {hidden} more request(s) not shown | | |")
    return [*lines, ""]


def evidence_location(where: str) -> tuple[str, int | None, str | None]:
    """(path, line, commit) of an evidence `where`: `path:line@commit`, `path:line`, `path`."""
    path, commit = where, None
    if "@" in path and _is_sha(path.rsplit("@", 1)[1]):
        path, commit = path.rsplit("@", 1)
    head, _, line = path.rpartition(":")
    if head and line.isdigit():
        return head, int(line), commit
    return path, None, commit


def _is_sha(text: str) -> bool:
    return 4 <= len(text) <= 40 and all(char in "0123456789abcdef" for char in text)


def evidence_list(
    row: DriverRow,
    limit: int = 20,
    *,
    links: RepoLinks | None = None,
    sha: str | None = None,
) -> list[str]:
    if not row.evidence:
        return []
    lines = ["Evidence:", ""]
    for item in row.evidence[:limit]:
        where = code(item.where, in_table=False)
        path, line, commit = evidence_location(item.where)
        at = commit or row.commit or sha
        if links is not None and at and item.kind in {"code", "replay", "history"}:
            where = f"[{where}]({links.blob(at, path, line)})"
        lines.append(f"- **{item.kind}** {where}: {escaped(item.detail, 500)}")
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
        return f" (available: vLLM {escaped(report.vllm_version, 40)} is pinned)"
    pinned_text = escaped(report.vllm_version, 40)
    return f" (**not available** in the pinned vLLM {pinned_text}: upgrade first)"


def suggested_fix(report: Report) -> list[str]:
    """The ways to stop vLLM serving the first-loaded weights for a reused id (`vllm/fixes.py`)."""
    steps = [
        f"{number}. {fix.advice}{_availability_note(fix, report)}."
        for number, fix in enumerate(FIXES, start=1)
    ]
    return ["How to fix it (any one of these):", "", *steps, "", WHY, ""]
