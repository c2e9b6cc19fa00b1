"""The sweep issue: every driver found at HEAD, at a branch tip or in the history, counted once.

A sweep report has one row per (driver path, verdict); people count drivers, so everything here
groups rows by path. Only what a maintainer can act on is a finding: an affected or undecided
driver at HEAD or at a branch tip (history that no branch holds any more is context). The issue
carries the keys of its findings in a hidden marker, so the next sweep can tell what is new and
announce it with a comment (editing an issue notifies nobody).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from analyzers.git.history import PARTIAL_HISTORY, PARTIAL_TIPS
from analyzers.git.rows import SEVERITY
from analyzers.model import DriverRow, Report, Verdict
from bot.badge import is_suppressed
from bot.github.types import IssueText
from bot.markers import SWEEP_ISSUE_MARKER
from bot.render.badge import badge_markdown
from bot.render.changes import UNRESOLVED
from bot.render.inert import code, escaped
from bot.render.links import RepoLinks
from bot.render.markdown import BODY_LIMIT, clip, short_sha, verdict_label
from bot.render.sections import report_extras, row_location, verdict_text, version_note

FINDINGS_MARKER = "<!-- lora-audit:findings {keys} -->"
_FINDINGS = re.compile(r"<!-- lora-audit:findings ([0-9a-f ]*) -->")
NEWS_MARKER = "<!-- lora-audit:sweep-news:{digest} -->"
MAX_MARKED_FINDINGS = 2000


@dataclass(frozen=True)
class Finding:
    """An unsuppressed Affected or Indeterminate row at HEAD or at a branch tip."""

    row: DriverRow

    @property
    def key(self) -> str:
        """Stable across sweeps for the same driver path and verdict."""
        text = f"{self.row.verdict.value}\0{self.row.path}"
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def _live(row: DriverRow) -> bool:
    """Held at HEAD or at some branch tip (rows of a non-sweep report are all at HEAD)."""
    return row.at_head is not False or bool(row.branches)


def sweep_findings(report: Report) -> list[Finding]:
    """What a maintainer can act on now, most severe first."""
    rows = [
        row
        for row in report.drivers
        if row.verdict in UNRESOLVED and _live(row) and not is_suppressed(row)
    ]
    rows.sort(key=lambda row: (SEVERITY.index(row.verdict), row.path))
    return [Finding(row) for row in rows]


def _by_path(report: Report) -> dict[str, list[DriverRow]]:
    grouped: dict[str, list[DriverRow]] = {}
    for row in report.drivers:
        grouped.setdefault(row.path, []).append(row)
    return grouped


def _worst(rows: list[DriverRow]) -> DriverRow:
    return min(rows, key=lambda row: SEVERITY.index(row.verdict))


def _place(rows: list[DriverRow]) -> tuple[str, DriverRow]:
    """Where a driver lives now ("head", "branches" or "history"), and the row that says so."""
    head = [row for row in rows if row.at_head is not False]
    if head:
        return "head", head[0]
    tips = [row for row in rows if row.branches]
    if tips:
        return "branches", _worst(tips)
    return "history", _worst(rows)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


def _title(findings: list[Finding], report: Report) -> str:
    """What the issue is about, most pressing first."""
    affected = {f.row.path for f in findings if f.row.verdict is Verdict.AFFECTED}
    undecided = {f.row.path for f in findings if f.row.verdict is Verdict.INDETERMINATE}
    undecided -= affected
    missing = [fix for fix in report.fix_commits or [] if not fix.on_default_branch]
    if affected or undecided:
        parts = [_plural(len(affected), "affected driver")] if affected else []
        if undecided:
            parts.append(
                f"{len(undecided)} undecided"
                if affected
                else _plural(len(undecided), "undecided driver")
            )
        return f"lora-audit sweep: {' and '.join(parts)} at HEAD or a branch tip"
    if missing:
        has = "has" if len(missing) == 1 else "have"
        fixes = _plural(len(missing), "fix commit")
        return f"lora-audit sweep: {fixes} {has} not reached the default branch"
    if report.config_errors:
        return "lora-audit sweep: .github/lora-audit.yml has errors"
    return "lora-audit sweep: nothing to fix at HEAD or on any branch"


def _pie(primary: dict[str, DriverRow]) -> list[str]:
    """A Mermaid pie chart of the drivers by verdict (GitHub renders ```mermaid blocks)."""
    counts = dict.fromkeys(Verdict, 0)
    for row in primary.values():
        counts[row.verdict] += 1
    slices = [(verdict, count) for verdict, count in counts.items() if count > 0]
    if not slices:
        return []
    lines = ["```mermaid", "pie showData title Drivers by verdict"]
    lines += [f'    "{verdict.value}" : {count}' for verdict, count in slices]
    return [*lines, "```", ""]


def _counts(places: dict[str, tuple[str, DriverRow]]) -> list[str]:
    """Drivers by verdict where each lives now: each driver once, only the verdicts present."""
    columns = ("head", "branches", "history")
    table = {verdict: dict.fromkeys(columns, 0) for verdict in Verdict}
    for place, row in places.values():
        table[row.verdict][place] += 1
    lines = [
        "| Verdict | At HEAD | Only at branch tips | Only in old history |",
        "| --- | ---: | ---: | ---: |",
    ]
    for verdict, counts in table.items():
        if any(counts.values()):
            cells = " | ".join(str(counts[column]) for column in columns)
            lines.append(f"| {verdict_label(verdict)} | {cells} |")
    return lines


def _branches(rows: list[DriverRow]) -> str:
    parts = []
    for row in rows:
        if row.branches:
            names = ", ".join(code(name, 60) for name in row.branches[:5])
            more = f" +{len(row.branches) - 5}" if len(row.branches) > 5 else ""
            parts.append(f"{verdict_label(row.verdict)} {names}{more}")
    return "; ".join(parts) or "—"


def _history(rows: list[DriverRow]) -> str:
    spans = rows[0].history or []
    shown = [
        f"{span.verdict.value} {code(short_sha(span.first_commit))}…"
        f"{code(short_sha(span.last_commit))}"
        for span in spans[:3]
    ]
    more = f" +{len(spans) - 3}" if len(spans) > 3 else ""
    return "; ".join(shown) + more if shown else "—"


def _where(row: DriverRow) -> str:
    parts = ["at HEAD"] if row.at_head is not False else []
    if row.branches:
        names = ", ".join(code(name, 60) for name in row.branches[:5])
        more = f" +{len(row.branches) - 5}" if len(row.branches) > 5 else ""
        parts.append(f"branches {names}{more}")
    return " · ".join(parts)


def render_sweep_issue(
    report: Report,
    *,
    repo: str,
    public_url: str | None = None,
    links: RepoLinks | None = None,
) -> IssueText:
    """The repository's sweep issue: what to act on, then every driver, each counted once.

    With `public_url` (LORA_AUDIT_PUBLIC_URL) it also offers the README badge snippet.
    """
    findings = sweep_findings(report)
    grouped = _by_path(report)
    places = {path: _place(rows) for path, rows in grouped.items()}
    sha = report.commit
    keys = " ".join(sorted({finding.key for finding in findings})[:MAX_MARKED_FINDINGS])
    lines = [
        SWEEP_ISSUE_MARKER,
        FINDINGS_MARKER.format(keys=keys),
        f"## lora-audit sweep of {escaped(repo, 100)}",
        "",
        f"Default branch at {code(short_sha(sha), in_table=False)} · {version_note(report)}. "
        f"{_plural(len(grouped), 'driver')} found at HEAD, at branch tips and in the history.",
        "",
    ]
    for note in report.skipped or []:
        if note.kind == "history" and note.detail.startswith((PARTIAL_HISTORY, PARTIAL_TIPS)):
            said = note.detail[:1].upper() + note.detail[1:]
            lines += [f"**Partial sweep:** {escaped(said)}.", ""]
    if findings:
        lines += [
            "**What to do:** fix the drivers under *Needs action* (each row links to its line); "
            "drivers only in old history are context, not a task.",
            "",
        ]
    else:
        lines += ["Nothing to fix at HEAD or at any branch tip.", ""]
    if grouped:
        lines += [*_pie({path: row for path, (_, row) in places.items()}), *_counts(places), ""]
    if findings:
        lines += [
            "### Needs action",
            "",
            "| Driver | Verdict | Where | Why |",
            "| --- | --- | --- | --- |",
        ]
        lines += [
            f"| {row_location(f.row, links, sha)} | {verdict_text(f.row)} | {_where(f.row)} | "
            f"{escaped(f.row.reason)} |"
            for f in findings
        ]
        lines.append("")
    if grouped:
        order = sorted(grouped, key=lambda path: (SEVERITY.index(places[path][1].verdict), path))
        lines += [
            "### All drivers",
            "",
            "| Driver | At HEAD | At branch tips | In history |",
            "| --- | --- | --- | --- |",
        ]
        for path in order:
            rows = grouped[path]
            place, row = places[path]
            head = verdict_text(row) if place == "head" else "—"
            lines.append(
                f"| {row_location(row, links, sha)} | {head} | {_branches(rows)} | "
                f"{_history(rows)} |"
            )
        lines.append("")
    else:
        lines += ["No driver builds vLLM LoRA requests in this repository.", ""]
    lines += report_extras(report)
    if public_url:
        snippet = badge_markdown(public_url, repo)
        lines += ["Badge for the README (default branch status):", "", f"    {snippet}", ""]
    lines.append(
        "<sub>lora-audit updates this issue in place after every sweep, and comments when a "
        "new finding appears.</sub>"
    )
    return IssueText(title=_title(findings, report), body=clip("\n".join(lines), BODY_LIMIT))


def marked_findings(body: str) -> set[str] | None:
    """The finding keys an earlier sweep wrote into its issue (None: no such marker)."""
    found = _FINDINGS.search(body)
    return set(found.group(1).split()) if found is not None else None


def new_findings(report: Report, previous_body: str | None) -> list[Finding]:
    """Findings the last sweep issue did not hold.

    None without an earlier issue (a new issue announces itself), and none when the earlier
    issue carries no findings marker (written before markers existed: nothing is known to be new).
    """
    before = marked_findings(previous_body) if previous_body is not None else None
    if before is None:
        return []
    return [finding for finding in sweep_findings(report) if finding.key not in before]


def news_marker(findings: list[Finding], sha: str | None) -> str:
    """One marker per (new findings, commit): a retried sweep announces them once."""
    text = " ".join(sorted(finding.key for finding in findings)) + f"@{sha}"
    return NEWS_MARKER.format(digest=hashlib.sha256(text.encode()).hexdigest()[:16])


def render_sweep_news(
    findings: list[Finding], report: Report, *, links: RepoLinks | None = None
) -> str:
    """The comment that announces new findings on the sweep issue (an edit notifies nobody)."""
    sha = report.commit
    lines = [
        news_marker(findings, sha),
        f"**New since the last sweep** (default branch at {code(short_sha(sha), in_table=False)}):",
        "",
    ]
    for finding in findings[:20]:
        row = finding.row
        lines.append(
            f"- {row_location(row, links, sha, in_table=False)} {verdict_text(row)} "
            f"{_where(row)}: {escaped(row.reason, 400)}"
        )
    if len(findings) > 20:
        lines.append(f"- … and {len(findings) - 20} more in the issue")
    return clip("\n".join(lines) + "\n", BODY_LIMIT)
