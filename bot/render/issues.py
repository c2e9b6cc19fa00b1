"""Follow-up issue texts: the issue of one affected driver, and the comment that closes it."""

from __future__ import annotations

from analyzers.model import DriverRow, Report
from bot.github.types import IssueText
from bot.markers import follow_up_marker
from bot.render.driver import evidence_list, replay_excerpt, suggested_fix
from bot.render.inert import code, escaped, plain
from bot.render.links import RepoLinks, location
from bot.render.markdown import BODY_LIMIT, clip, short_sha
from bot.render.sections import row_location, verdict_text, version_note

TITLE_LIMIT = 200


def render_follow_up_issue(
    row: DriverRow, report: Report, *, links: RepoLinks | None = None
) -> IssueText:
    """The issue opened when a push makes `row` (a driver path) affected on the default branch."""
    sha = report.commit
    title = plain(f"lora-audit: {row.path} serves stale LoRA weights", TITLE_LIMIT)
    lines = [
        follow_up_marker(row.path),
        f"**{row_location(row, links, sha, in_table=False)}** builds vLLM LoRA requests that "
        "reuse a `lora_int_id` for different adapter weights, so vLLM serves the weights it "
        "loaded first, without any error.",
        "",
        f"Found on {code(short_sha(sha), in_table=False)} · {version_note(report)}.",
        "",
        f"> {escaped(row.reason, 1000)}",
        "",
    ]
    if row.sites:
        lines += ["Request sites:", ""]
        lines += [
            f"- {location(row.path, site.line, links=links, sha=sha, in_table=False)}: "
            f"`lora_int_id` = {code(site.id, 80, in_table=False)}, "
            f"`lora_path` = {code(site.path, 120, in_table=False)}"
            for site in row.sites[:20]
        ]
        lines.append("")
    lines += replay_excerpt(row) + evidence_list(row, links=links, sha=sha)
    lines += suggested_fix(report)
    lines.append(
        "<sub>lora-audit closes this issue when a push to the default branch makes the driver "
        "safe.</sub>"
    )
    return IssueText(title=title, body=clip("\n".join(lines), BODY_LIMIT))


def render_follow_up_resolved(
    path: str, now: DriverRow | None, *, fixed_in: str, report: Report | None = None
) -> str:
    """The comment that closes a follow-up issue: what the driver is now, and since when."""
    where = code(short_sha(fixed_in), in_table=False)
    if now is None:
        state = f"{code(path, in_table=False)} no longer builds vLLM LoRA requests"
    else:
        state = f"{code(path, in_table=False)} is now {verdict_text(now)}: {escaped(now.reason)}"
    version = f" ({version_note(report)})" if report is not None else ""
    return f"Resolved as of {where}{version}: {state}. Closing."
