"""The `LoRA cache audit` check run: conclusion, summary table, details, and annotations."""

from __future__ import annotations

from typing import Literal

from analyzers.model import DriverRow, Report, Verdict
from bot.badge import is_suppressed
from bot.github.types import Annotation, CheckRunOutput, Conclusion
from bot.render.driver import evidence_list, replay_excerpt, suggested_fix
from bot.render.markdown import CHECK_RUN_TEXT_LIMIT, clip, code, one_line
from bot.render.sections import audited_line, counts_table, drivers_table, report_extras

Policy = Literal["failure", "neutral"]  # `pull_request_conclusion` in .github/lora-audit.yml
ANNOTATION_TITLE = "vLLM will serve a stale LoRA adapter here"
ANNOTATION_MESSAGE_LIMIT = 2000
NEW_MARK = "🆕 new"
OLD_MARK = "already on base"


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


def _annotations(rows: list[DriverRow], level: Literal["failure", "warning"]) -> list[Annotation]:
    annotations = []
    for row in rows:
        sites = [(site.line, site.id, site.path) for site in row.sites] or [(row.line, "", "")]
        for line, lora_id, path in sites:
            detail = f" (lora_int_id={lora_id}, lora_path={path})" if lora_id or path else ""
            message = one_line(f"{row.reason}{detail}", ANNOTATION_MESSAGE_LIMIT)
            annotations.append(
                Annotation(
                    path=row.path,
                    start_line=max(line, 1),
                    end_line=max(line, 1),
                    annotation_level=level,
                    message=message,
                    title=ANNOTATION_TITLE,
                )
            )
    return annotations


def status_marks(report: Report, new: list[DriverRow]) -> dict[str, str]:
    marks = {row.path: NEW_MARK for row in new}
    if report.diff is not None:
        for path in report.diff.still_affected:
            marks.setdefault(path, OLD_MARK)
    return marks


def render_check_run(report: Report, *, policy: Policy = "failure") -> CheckRunOutput:
    """The check run's output for a pull-request audit (head against `report.diff.base`)."""
    new = newly_affected(report)
    diff = report.diff
    summary = [audited_line(report), ""]
    if new:
        summary += [
            f"This change adds {len(new)} driver(s) for which vLLM serves the weights of an "
            "earlier adapter: the same `lora_int_id` is reused for a different path or for new "
            "weights, and vLLM caches adapters by id alone.",
            "",
        ]
    elif report.affected:
        summary += ["This change adds no affected driver; earlier findings are listed below.", ""]
    summary += [*counts_table(report.counts), ""]
    if report.drivers:
        summary += [
            "### Drivers",
            "",
            *drivers_table(report.drivers, status_marks(report, new)),
            "",
        ]
    if diff is not None and diff.resolved:
        resolved = ", ".join(code(path, in_table=False) for path in diff.resolved)
        summary += [f"Resolved by this change: {resolved}.", ""]
    summary += report_extras(report)
    text: list[str] = []
    for row in new:
        text += [f"### {code(row.path, in_table=False)} ({Verdict.AFFECTED.value})", ""]
        text += [one_line(row.reason, 1000), "", *replay_excerpt(row), *evidence_list(row)]
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
    """What a pull request shows when its audit could not run (conclusion: neutral)."""
    rerun = how_to_rerun or (
        'Re-run it with "Re-run" on this check, or comment `/audit` on the pull request.'
    )
    return CheckRunOutput(
        title="The audit could not run",
        summary=f"lora-audit could not audit this commit: {one_line(reason, 2000)}\n\n{rerun}",
    )
