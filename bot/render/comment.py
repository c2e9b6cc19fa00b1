"""Pull-request texts: the sticky audit comment, and replies to `/audit` commands."""

from __future__ import annotations

import re

from analyzers.model import Report, Verdict
from bot.markers import PR_COMMENT_MARKER, reply_marker
from bot.render.changes import DriverChange, Kind, PullRequestChanges, changes_from_diff
from bot.render.inert import code, escaped
from bot.render.links import RepoLinks, location
from bot.render.markdown import BODY_LIMIT, clip, short_sha, verdict_label
from bot.render.sections import (
    audited_line,
    counts_table,
    drivers_table,
    report_extras,
    version_note,
)

# The sticky comment stays short (a few KB): the check run has the reasons, replays and fixes.
COMMENT_LIMIT = 6000
COMMENT_ROWS = 10
COMMENT_PATH_LIMIT = 120
_LOGIN = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$")

WHAT_TO_DO = {
    Kind.NEWLY_AFFECTED: (
        "Give every adapter path (and every new version of its weights) its own "
        "`lora_int_id`, or call `remove_lora` before an id is reused, at the request lines "
        "the check run annotates."
    ),
    Kind.NEWLY_INDETERMINATE: (
        "Check the drivers marked 🟡 by hand: the analysis cannot decide them, and the check "
        "run names what it could not see."
    ),
    Kind.FIXED: "Nothing to do: this pull request fixes the drivers below.",
    Kind.CHANGED: "Nothing to do.",
}


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


def _heading(changes: PullRequestChanges) -> tuple[str, Kind]:
    new, unknown = changes.of(Kind.NEWLY_AFFECTED), changes.of(Kind.NEWLY_INDETERMINATE)
    fixed = changes.of(Kind.FIXED)
    if new:
        text = f"🔴 lora-audit: this pull request adds {_plural(len(new), 'affected driver')}"
        return text, Kind.NEWLY_AFFECTED
    if unknown:
        drivers = _plural(len(unknown), "driver")
        return f"🟡 lora-audit: {drivers} this pull request changed cannot be checked", (
            Kind.NEWLY_INDETERMINATE
        )
    if fixed:
        return f"✅ lora-audit: this pull request fixes {_plural(len(fixed), 'driver')}", Kind.FIXED
    return "✅ lora-audit: no driver this pull request changed is affected", Kind.CHANGED


def _change_row(change: DriverChange, report: Report, links: RepoLinks | None) -> str:
    row = change.head or change.base
    gone = change.head is None
    sha = (report.diff.base if report.diff else None) if gone else report.commit
    line = row.line if row is not None else None
    where = location(change.path[:COMMENT_PATH_LIMIT], line, links=links, sha=sha)
    now = verdict_label(change.head.verdict) if change.head is not None else "no longer a driver"
    if change.base is not None:
        before = verdict_label(change.base.verdict)
    else:  # new here, or fixed as the report's `diff` says (it was Affected)
        before = verdict_label(Verdict.AFFECTED) if change.kind is Kind.FIXED else "—"
    return f"| {where} | {now} | {before} | {change.kind.value} |"


def render_pr_comment(
    report: Report,
    changes: PullRequestChanges | None = None,
    *,
    check_run_url: str | None = None,
    links: RepoLinks | None = None,
) -> str:
    """The one comment lora-audit keeps on a pull request, edited in place on every push.

    It lists only the drivers the pull request changed (`changes`; without it, what the report's
    `diff` shows), says what to do in one sentence, and links to the check run for the rest.
    """
    changes = changes if changes is not None else changes_from_diff(report)
    heading, lead = _heading(changes)
    lines = [PR_COMMENT_MARKER, f"### {heading}", "", f"**What to do:** {WHAT_TO_DO[lead]}", ""]
    if changes.changes:
        lines += ["| Driver | Now | Before | Change |", "| --- | --- | --- | --- |"]
        lines += [_change_row(change, report, links) for change in changes.changes[:COMMENT_ROWS]]
        hidden = len(changes.changes) - COMMENT_ROWS
        if hidden > 0:
            lines.append(f"| … | | | {hidden} more in the check run |")
        lines.append("")
    if changes.already_affected:
        verb = "is" if changes.already_affected == 1 else "are"
        lines += [
            f"{_plural(changes.already_affected, 'affected driver')} already on the base branch "
            f"(not changed here) {verb} listed in the check run.",
            "",
        ]
    audited = audited_line(report)
    if check_run_url:
        audited = f"{audited.removesuffix('.')} · [details in the check run]({check_run_url})."
    lines += [
        audited,
        "",
        "<sub>Edited in place on every push. `comment: always` or `comment: never` in "
        "`.github/lora-audit.yml` changes when it appears.</sub>",
    ]
    return clip("\n".join(lines), COMMENT_LIMIT)


def render_command_reply(
    report: Report,
    *,
    comment_id: int,
    command: str,
    link: str | None = None,
    links: RepoLinks | None = None,
) -> str:
    """The reply to an `/audit` comment (a new comment, never the sticky one)."""
    affected = report.affected
    lines = [
        reply_marker(comment_id),
        f"lora-audit ran {code(command, 100, in_table=False)} on "
        f"{code(short_sha(report.commit), in_table=False)} · {version_note(report)}.",
        "",
    ]
    counts = counts_table(report.counts)
    lines += [*counts, ""] if counts else []
    if affected:
        lines += [
            f"**{len(affected)} affected driver(s):**",
            "",
            *drivers_table(affected, links=links, sha=report.commit),
            "",
        ]
    elif report.drivers:
        lines += ["No driver is affected.", ""]
    else:
        lines += ["No driver builds vLLM LoRA requests here.", ""]
    lines += report_extras(report)
    if link:
        lines += [f"[Full results]({link})", ""]
    return clip("\n".join(lines).rstrip() + "\n", BODY_LIMIT)


def render_refusal(*, comment_id: int, author: str, permission: str) -> str:
    """The short answer to an `/audit` from someone without write access (it mentions them)."""
    who = f"@{author}" if _LOGIN.match(author) else escaped(author, 60)
    return (
        f"{reply_marker(comment_id)}\n"
        f"Sorry {who}, only people with write access to this repository can run "
        f"`/audit` (your access: {escaped(permission, 20)}). A maintainer can run it for you.\n"
    )


def render_command_failed(*, comment_id: int, reason: str) -> str:
    """The reply when an `/audit` could not run: what failed, and how to try again."""
    return (
        f"{reply_marker(comment_id)}\n"
        f"lora-audit could not run this audit: {escaped(reason, 1000)}\n\n"
        "Comment `/audit` again to retry.\n"
    )
