"""Issue texts: the follow-up issue of one affected driver, its closing comment, the sweep issue."""

from __future__ import annotations

from analyzers.model import DriverRow, Report, Verdict
from bot.badge import is_suppressed
from bot.github.types import IssueText
from bot.markers import SWEEP_ISSUE_MARKER, follow_up_marker
from bot.render.badge import badge_markdown
from bot.render.driver import evidence_list, replay_excerpt, suggested_fix
from bot.render.markdown import BODY_LIMIT, cell, clip, code, one_line, short_sha
from bot.render.sections import counts_table, report_extras, verdict_text, version_note

TITLE_LIMIT = 200


def render_follow_up_issue(row: DriverRow, report: Report) -> IssueText:
    """The issue opened when a push makes `row` (a driver path) affected on the default branch."""
    title = one_line(f"lora-audit: {row.path} serves stale LoRA weights", TITLE_LIMIT)
    lines = [
        follow_up_marker(row.path),
        f"**{code(f'{row.path}:{row.line}', in_table=False)}** builds vLLM LoRA requests that "
        "reuse a `lora_int_id` for different adapter weights, so vLLM serves the weights it "
        "loaded first, without any error.",
        "",
        f"Found on {code(short_sha(report.commit), in_table=False)} · {version_note(report)}.",
        "",
        f"> {cell(row.reason, 1000)}",
        "",
    ]
    if row.sites:
        lines += ["Request sites:", ""]
        lines += [
            f"- line {site.line}: `lora_int_id` = {code(site.id, 80, in_table=False)}, "
            f"`lora_path` = {code(site.path, 120, in_table=False)}"
            for site in row.sites[:20]
        ]
        lines.append("")
    lines += replay_excerpt(row) + evidence_list(row) + suggested_fix(report)
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
        state = f"{code(path, in_table=False)} is now {verdict_text(now)}: {cell(now.reason)}"
    version = f" ({version_note(report)})" if report is not None else ""
    return f"Resolved as of {where}{version}: {state}. Closing."


def _pie(report: Report) -> list[str]:
    """A Mermaid pie chart of the verdict counts (GitHub renders ```mermaid blocks)."""
    slices = [(verdict, count) for verdict, count in report.counts.items() if count > 0]
    if not slices:
        return []
    lines = ["```mermaid", "pie showData title Drivers by verdict"]
    lines += [f'    "{verdict.value}" : {count}' for verdict, count in slices]
    return [*lines, "```", ""]


def _where(row: DriverRow) -> str:
    parts = []
    if row.at_head is not None:
        parts.append("at HEAD" if row.at_head else "not at HEAD")
    if row.branches:
        shown = ", ".join(code(name, 60) for name in row.branches[:5])
        more = f" +{len(row.branches) - 5}" if len(row.branches) > 5 else ""
        parts.append(f"branches {shown}{more}")
    if row.history:
        spans = [
            f"{span.verdict.value} {code(short_sha(span.first_commit))}…"
            f"{code(short_sha(span.last_commit))}"
            for span in row.history[:3]
        ]
        parts.append("; ".join(spans))
    return " · ".join(parts)


def render_sweep_issue(report: Report, *, repo: str, public_url: str | None = None) -> IssueText:
    """The repository's sweep issue: a chart, the counts, and every driver found anywhere.

    With `public_url` (LORA_AUDIT_PUBLIC_URL) it also offers the README badge snippet.
    """
    affected = sum(1 for row in report.affected if not is_suppressed(row))
    title = f"lora-audit sweep: {affected} affected driver{'s' if affected != 1 else ''}"
    lines = [
        SWEEP_ISSUE_MARKER,
        f"## lora-audit sweep of {cell(repo, 100)}",
        "",
        f"Default branch at {code(short_sha(report.commit), in_table=False)} · "
        f"{version_note(report)}. Drivers found at HEAD, in the history and on branch tips.",
        "",
        *_pie(report),
        *counts_table(report.counts),
        "",
    ]
    if report.drivers:
        order = sorted(
            report.drivers, key=lambda row: (row.verdict is not Verdict.AFFECTED, row.path)
        )
        lines += [
            "### All drivers",
            "",
            "| Driver | Verdict | Why | Where |",
            "| --- | --- | --- | --- |",
        ]
        lines += [
            f"| {code(f'{row.path}:{row.line}')} | {verdict_text(row)} | {cell(row.reason)} | "
            f"{_where(row)} |"
            for row in order
        ]
        lines.append("")
    else:
        lines += ["No driver builds vLLM LoRA requests in this repository.", ""]
    lines += report_extras(report)
    if public_url:
        snippet = badge_markdown(public_url, repo)
        lines += ["Badge for the README (default branch status):", "", f"    {snippet}", ""]
    lines.append("<sub>lora-audit updates this issue in place after every sweep.</sub>")
    return IssueText(title=title, body=clip("\n".join(lines), BODY_LIMIT))
