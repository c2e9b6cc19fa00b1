"""Sections every lora-audit text shares: counts, driver tables, fix commits, config errors."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from analyzers.model import DriverRow, Report, Verdict
from bot.badge import is_suppressed
from bot.render.inert import code, escaped
from bot.render.links import RepoLinks, location
from bot.render.markdown import short_sha, verdict_label

UNPINNED = "vLLM version not pinned: each verdict is the worst across vLLM releases"


def version_note(report: Report) -> str:
    """Which vLLM the verdicts hold for; unpinned, what the analysis did about it."""
    if report.vllm_version:
        source = f" (from {report.vllm_version_source})" if report.vllm_version_source else ""
        return f"vLLM {escaped(report.vllm_version, 40)}{source}"
    return UNPINNED


def audited_line(report: Report) -> str:
    """ "Audited <head> against <base> · vLLM <version>." for a pull-request audit."""
    against = f" against {code(short_sha(report.diff.base), in_table=False)}" if report.diff else ""
    head = code(short_sha(report.commit), in_table=False)
    return f"Audited {head}{against} · {version_note(report)}."


def counts_table(counts: Mapping[Verdict, int], *, noun: str = "Drivers") -> list[str]:
    """Verdict counts, listing only the verdicts present (nothing when there is no driver)."""
    present = [(verdict, counts.get(verdict, 0)) for verdict in Verdict if counts.get(verdict)]
    if not present:
        return []
    lines = [f"| Verdict | {noun} |", "| --- | ---: |"]
    lines += [f"| {verdict_label(verdict)} | {count} |" for verdict, count in present]
    return lines


def verdict_text(row: DriverRow) -> str:
    text = f"**{verdict_label(row.verdict)}**"
    if row.bound is not None:
        text += f" (≤ {row.bound:.2g})"
    if is_suppressed(row):
        text += " · ignored inline"
    return text


def row_location(
    row: DriverRow, links: RepoLinks | None, sha: str | None, *, in_table: bool = True
) -> str:
    """The driver's `path:line`, linked to the file at the commit its row was audited at."""
    return location(row.path, row.line, links=links, sha=row.commit or sha, in_table=in_table)


def drivers_table(
    rows: Iterable[DriverRow],
    marks: Mapping[str, str] | None = None,
    *,
    links: RepoLinks | None = None,
    sha: str | None = None,
    reason_limit: int = 300,
) -> list[str]:
    """One row per driver: location, verdict and the reason; `marks` adds a status column."""
    marks = marks or {}
    with_marks = bool(marks)
    header = "| Status | Driver | Verdict | Why |" if with_marks else "| Driver | Verdict | Why |"
    lines = [header, "| --- | --- | --- | --- |" if with_marks else "| --- | --- | --- |"]
    for row in rows:
        parts = [
            row_location(row, links, sha),
            verdict_text(row),
            escaped(row.reason, reason_limit),
        ]
        if with_marks:
            parts.insert(0, marks.get(row.path, ""))
        lines.append("| " + " | ".join(parts) + " |")
    return lines


def fix_commits_section(report: Report) -> list[str]:
    if not report.fix_commits:
        return []
    lines = [
        "### Fix commits",
        "",
        "| Commit | Title | Exists | On the default branch |",
        "| --- | --- | --- | --- |",
    ]
    for fix in report.fix_commits:
        on_branch = "✅ yes" if fix.on_default_branch else "❌ **no**"
        lines.append(
            f"| {code(short_sha(fix.sha))} | {escaped(fix.title or '')} | "
            f"{'yes' if fix.exists else '**no** (unknown commit)'} | {on_branch} |"
        )
    missing = [fix for fix in report.fix_commits if not fix.on_default_branch]
    if missing:
        lines += [
            "",
            f"{len(missing)} configured fix commit(s) have not reached the default branch: "
            "the fix they carry is not what runs from it.",
        ]
    return [*lines, ""]


def config_errors_section(report: Report) -> list[str]:
    if not report.config_errors:
        return []
    lines = ["### Configuration problems", ""]
    lines += [f"- {escaped(error, 500)}" for error in report.config_errors]
    return [*lines, "", "The defaults were used for the broken keys.", ""]


def skipped_section(report: Report, limit: int = 20) -> list[str]:
    if not report.skipped:
        return []
    lines = ["### Files not analysed", ""]
    for item in report.skipped[:limit]:
        lines.append(f"- {code(item.where, in_table=False)}: {escaped(item.detail)}")
    if len(report.skipped) > limit:
        lines.append(f"- … and {len(report.skipped) - limit} more")
    return [*lines, ""]


def report_extras(report: Report) -> list[str]:
    """Fix commits, configuration problems and skipped files, where the report has them."""
    return fix_commits_section(report) + config_errors_section(report) + skipped_section(report)
