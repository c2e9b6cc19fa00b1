"""The `LoRA cache audit` check run: conclusion, summary table, details, and annotations."""

from __future__ import annotations

from typing import Literal

from analyzers.model import DriverRow, Report, Verdict
from bot.badge import is_suppressed
from bot.github.types import Annotation, AnnotationLevel, CheckRunOutput, Conclusion
from bot.render.changes import Kind, PullRequestChanges
from bot.render.driver import (
    RELATED_EVIDENCE,
    evidence_list,
    evidence_location,
    replay_excerpt,
    suggested_fix,
)
from bot.render.inert import escaped, plain
from bot.render.links import RepoLinks, location
from bot.render.markdown import CHECK_RUN_TEXT_LIMIT, clip
from bot.render.sections import (
    audited_line,
    counts_table,
    drivers_table,
    report_extras,
    row_location,
)

Policy = Literal["failure", "neutral"]  # `pull_request_conclusion` in .github/lora-audit.yml
ANNOTATION_TITLE = "vLLM will serve a stale LoRA adapter here"
ANNOTATION_MESSAGE_LIMIT = 2000
NEW_MARK = "🆕 new"
OLD_MARK = "already on base"
MARKS = {
    Kind.NEWLY_AFFECTED: NEW_MARK,
    Kind.NEWLY_INDETERMINATE: "🆕 undecided",
    Kind.FIXED: "✅ fixed",
    Kind.CHANGED: "changed",
}


def newly_affected(report: Report) -> list[DriverRow]:
    """Affected rows this change introduces (all affected rows when there is no base to diff).

    A row whose verdict is ignored inline with a reason is listed but never blocks.
    """
    new = set(report.diff.newly_affected) if report.diff is not None else None
    return [
        row
        for row in report.affected
        if (new is None or row.path in new) and not is_suppressed(row)
    ]


def decide_conclusion(report: Report, policy: Policy = "failure") -> Conclusion:
    """`policy` when the change adds an affected driver, `success` otherwise."""
    return policy if newly_affected(report) else "success"


def _title(report: Report, new: list[DriverRow]) -> str:
    if new:
        return f"{len(new)} newly affected driver{'s' if len(new) != 1 else ''}"
    still = [row for row in report.affected if not is_suppressed(row)]
    if still:
        return f"No new findings ({len(still)} affected driver(s) already on the base)"
    return "No affected drivers"


def _annotation(
    path: str, line: int, level: AnnotationLevel, message: str, title: str
) -> Annotation:
    return Annotation(
        path=path,
        start_line=max(line, 1),
        end_line=max(line, 1),
        annotation_level=level,
        message=plain(message, ANNOTATION_MESSAGE_LIMIT),
        title=title,
    )


def _annotations(rows: list[DriverRow], level: Literal["failure", "warning"]) -> list[Annotation]:
    """The request lines a reviewer must change, then the lines that explain them, as notices:
    where the stale adapter is served, where the adapter served instead was loaded, where the
    adapter folder is rewritten (each line once)."""
    annotations = []
    for row in rows:
        seen: set[tuple[str, int]] = set()
        sites = [(site.line, site.id, site.path) for site in row.sites] or [(row.line, "", "")]
        for line, lora_id, path in sites:
            detail = f" (lora_int_id={lora_id}, lora_path={path})" if lora_id or path else ""
            annotations.append(
                _annotation(row.path, line, level, f"{row.reason}{detail}", ANNOTATION_TITLE)
            )
            seen.add((row.path, max(line, 1)))
        for item in row.evidence:
            title = RELATED_EVIDENCE.get(item.detail)
            where, line_number, _ = evidence_location(item.where)
            if item.kind != "code" or title is None or line_number is None:
                continue
            if (where, max(line_number, 1)) in seen:
                continue
            seen.add((where, max(line_number, 1)))
            message = f"Related to the request at {row.path}:{row.line}: {row.reason}"
            annotations.append(_annotation(where, line_number, "notice", message, title))
    return annotations


def status_marks(
    report: Report, new: list[DriverRow], changes: PullRequestChanges | None = None
) -> dict[str, str]:
    """What this change did to each driver, for the table's status column."""
    marks = {row.path: NEW_MARK for row in new}
    for change in changes.changes if changes is not None else []:
        marks.setdefault(change.path, MARKS[change.kind])
    if report.diff is not None:
        for path in report.diff.still_affected:
            marks.setdefault(path, OLD_MARK)
    return marks


def render_check_run(
    report: Report,
    *,
    policy: Policy = "failure",
    links: RepoLinks | None = None,
    changes: PullRequestChanges | None = None,
) -> CheckRunOutput:
    """The check run's output for an audit of head against `report.diff.base`.

    With `links`, every path links to its line at the audited commit; with `changes` (what the
    pull request did to each driver, `bot.render.changes`), the status column says so.
    """
    new = newly_affected(report)
    diff = report.diff
    sha = report.commit
    summary = [audited_line(report), ""]
    if new:
        summary += [
            f"This change adds {len(new)} driver(s) for which vLLM serves the weights of an "
            "earlier adapter: the same `lora_int_id` is reused for a different path or for new "
            "weights, and vLLM caches adapters by id alone. The annotations mark the request "
            "lines to change.",
            "",
        ]
    elif report.affected:
        summary += ["This change adds no affected driver; earlier findings are listed below.", ""]
    counts = counts_table(report.counts)
    summary += [*counts, ""] if counts else ["No driver builds vLLM LoRA requests here.", ""]
    if report.drivers:
        summary += [
            "### Drivers",
            "",
            *drivers_table(
                report.drivers, status_marks(report, new, changes), links=links, sha=sha
            ),
            "",
        ]
    if diff is not None and diff.resolved:
        resolved = ", ".join(
            location(path, None, links=links, sha=diff.base, in_table=False)
            for path in diff.resolved
        )
        summary += [f"Resolved by this change: {resolved}.", ""]
    summary += report_extras(report)
    text: list[str] = []
    for row in new:
        heading = row_location(row, links, sha, in_table=False)
        text += [f"### {heading} ({Verdict.AFFECTED.value})", ""]
        text += [escaped(row.reason, 1000), "", *replay_excerpt(row)]
        text += evidence_list(row, links=links, sha=sha)
    if new:
        text += suggested_fix(report)
    level: Literal["failure", "warning"] = "failure" if policy == "failure" else "warning"
    return CheckRunOutput(
        title=_title(report, new),
        summary=clip("\n".join(summary), CHECK_RUN_TEXT_LIMIT),
        text=clip("\n".join(text), CHECK_RUN_TEXT_LIMIT) if text else None,
        annotations=tuple(_annotations(new, level)),
    )


def render_audit_failed(reason: str, *, how_to_rerun: str | None = None) -> CheckRunOutput:
    """What a pull request shows when its audit could not run.

    The conclusion is the repository's `incomplete_conclusion` (`failure` unless configured), so an
    audit that never ran is never mistaken for a pass.
    """
    rerun = how_to_rerun or (
        'Re-run it with "Re-run" on this check, or comment `/audit` on the pull request.'
    )
    return CheckRunOutput(
        title="The audit could not run",
        summary=f"lora-audit could not audit this commit: {escaped(reason, 2000)}\n\n{rerun}",
    )
