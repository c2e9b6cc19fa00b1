"""Pull-request texts: the sticky audit comment, and replies to `/audit` commands."""

from __future__ import annotations

from analyzers.model import Report
from bot.markers import PR_COMMENT_MARKER, reply_marker
from bot.render.check_run import newly_affected, status_marks
from bot.render.markdown import BODY_LIMIT, cell, clip, code, one_line, short_sha
from bot.render.sections import (
    audited_line,
    counts_table,
    drivers_table,
    report_extras,
    version_note,
)


def _link(url: str | None, text: str) -> list[str]:
    return [f"[{text}]({one_line(url, 500)})", ""] if url else []


def render_pr_comment(report: Report, *, check_run_url: str | None = None) -> str:
    """The one comment lora-audit keeps on a pull request, edited in place on every push."""
    new = newly_affected(report)
    heading = (
        f"### 🔴 lora-audit: {len(new)} newly affected driver{'s' if len(new) != 1 else ''}"
        if new
        else "### ✅ lora-audit: no affected driver added"
    )
    lines = [PR_COMMENT_MARKER, heading, "", audited_line(report), ""]
    if new:
        lines += [
            "vLLM caches LoRA adapters by `lora_int_id` alone, so these drivers would be served "
            "the weights of an adapter loaded earlier under the same id, silently.",
            "",
        ]
    lines += [*counts_table(report.counts), ""]
    if report.drivers:
        lines += [*drivers_table(report.drivers, status_marks(report, new)), ""]
    if report.diff is not None and report.diff.resolved:
        resolved = ", ".join(code(path, in_table=False) for path in report.diff.resolved)
        lines += [f"Resolved by this pull request: {resolved}.", ""]
    lines += report_extras(report)
    lines += _link(check_run_url, "Details, replay and how to fix: the LoRA cache audit check")
    lines.append("<sub>This comment is updated in place on every push.</sub>")
    return clip("\n".join(lines), BODY_LIMIT)


def render_command_reply(
    report: Report, *, comment_id: int, command: str, link: str | None = None
) -> str:
    """The reply to an `/audit` comment (a new comment, never the sticky one)."""
    affected = report.affected
    lines = [
        reply_marker(comment_id),
        f"lora-audit ran {code(command, 100, in_table=False)} on "
        f"{code(short_sha(report.commit), in_table=False)} · {version_note(report)}.",
        "",
        *counts_table(report.counts),
        "",
    ]
    if affected:
        lines += [f"**{len(affected)} affected driver(s):**", "", *drivers_table(affected), ""]
    elif report.drivers:
        lines += ["No driver is affected.", ""]
    else:
        lines += ["No driver builds vLLM LoRA requests here.", ""]
    lines += report_extras(report) + _link(link, "Full results")
    return clip("\n".join(lines).rstrip() + "\n", BODY_LIMIT)


def render_refusal(*, comment_id: int, author: str, permission: str) -> str:
    """The short answer to an `/audit` from someone without write access."""
    return (
        f"{reply_marker(comment_id)}\n"
        f"Sorry @{cell(author, 60)}, only people with write access to this repository can run "
        f"`/audit` (your access: {cell(permission, 20)}). A maintainer can run it for you.\n"
    )


def render_command_failed(*, comment_id: int, reason: str) -> str:
    """The reply when an `/audit` could not run: what failed, and how to try again."""
    return (
        f"{reply_marker(comment_id)}\n"
        f"lora-audit could not run this audit: {cell(reason, 1000)}\n\n"
        "Comment `/audit` again to retry.\n"
    )
