"""A push to the default branch: the badge, a check run with fix-commit status, follow-up issues.

A follow-up issue is opened for each driver the push made affected (found again by its marker,
so a retry never opens a second one) and commented on and closed when a later push makes that
driver safe. `follow_up_issues: false` in `.github/lora-audit.yml` turns them off.
"""

from __future__ import annotations

from typing import Any

from analyzers.model import DriverRow, Report, Verdict
from bot.badge import BadgeState, save_badge_state
from bot.github import RepoOps
from bot.jobs import PushAudit
from bot.render import (
    RepoLinks,
    decide_conclusion,
    newly_affected,
    render_check_run,
    render_follow_up_issue,
    render_follow_up_resolved,
)
from workers.analysis_cache import RedisCache
from workers.audit import ZERO_SHA, audit_push, read_config
from workers.execution import JobContext
from workers.incomplete import report_incomplete
from workers.pull_request import claim_ttl

STEP = "default-branch-push"
RERUN = 'Re-run it with "Re-run" on this check.'
# Verdicts that keep a follow-up issue open: still affected, or no longer decidable (never
# close an issue on a guess).
KEEPS_ISSUE_OPEN = frozenset({Verdict.AFFECTED, Verdict.INDETERMINATE})


def head_rows_report(report: Report) -> Report:
    """The rows at the audited commit only (a sweep's report also lists history and branches)."""
    rows = [row for row in report.drivers if row.at_head is not False]
    trimmed = report.model_copy(update={"drivers": rows})
    trimmed.recount()
    return trimmed


def store_badge(ctx: JobContext, repo: str, sha: str, report: Report, *, private: bool) -> None:
    state = BadgeState.from_report(head_rows_report(report), repo=repo, sha=sha, private=private)
    save_badge_state(ctx.services.redis, state)


def _row(report: Report, path: str) -> DriverRow | None:
    return next((row for row in report.drivers if row.path == path), None)


def update_follow_ups(
    ops: RepoOps, report: Report, fixed_in: str, links: RepoLinks | None = None
) -> dict[str, list[str]]:
    """Open an issue per newly affected driver; close those of drivers this push made safe."""
    opened = [
        ops.open_follow_up(row.path, render_follow_up_issue(row, report, links=links))
        for row in newly_affected(report)
    ]
    closed: list[str] = []
    resolved = report.diff.resolved if report.diff is not None else []
    for path in resolved:
        now = _row(report, path)
        if now is not None and now.verdict in KEEPS_ISSUE_OPEN:
            continue
        comment = render_follow_up_resolved(path, now, fixed_in=fixed_in, report=report)
        if ops.close_follow_up(path, comment, fixed_in=fixed_in) is not None:
            closed.append(path)
    return {"opened": [f"#{ref.number}" for ref in opened], "closed": closed}


def run(job: PushAudit, ctx: JobContext) -> dict[str, Any]:
    if job.ref != f"refs/heads/{job.default_branch}" or job.after == ZERO_SHA:
        return {"status": "ignored", "why": "not a push to the default branch"}
    services = ctx.services
    claim = services.markers.begin(
        job.repo, job.after, STEP, owner=ctx.task_id, ttl=claim_ttl(services)
    )
    if claim != "mine":
        return {"status": "duplicate", "claim": claim}
    ops = services.github.repo(job.installation_id, job.repo)
    if ctx.interrupted is not None:
        reason = f"The audit could not finish: {ctx.interrupted}"
        run, conclusion = report_incomplete(ctx, ops, job.after, reason, how_to_rerun=RERUN)
        services.markers.finish(job.repo, job.after, STEP)
        return {"status": "incomplete", "check_run": run.id, "conclusion": conclusion}
    owner, name = ops.owner, ops.name
    token = services.github.installation_token(job.installation_id)
    mirror = services.cache.sync(
        owner, name, token, want=[job.after], default_branch=job.default_branch
    )
    report = audit_push(mirror, job.before, job.after, RedisCache(services.redis))
    config = read_config(mirror, job.after).config
    store_badge(ctx, job.repo, job.after, report, private=ops.get_repository().private)

    policy = config.pull_request_conclusion
    links = RepoLinks.for_api(services.settings.github_api_url, job.repo)
    check_run = ops.find_or_create_check_run(job.after)
    conclusion = decide_conclusion(report, policy)
    output = render_check_run(report, policy=policy, links=links)
    ops.complete_check_run(check_run.id, output, conclusion)

    follow_ups = config.follow_up_issues
    issues = update_follow_ups(ops, report, job.after, links) if follow_ups else {}
    services.markers.finish(job.repo, job.after, STEP)
    return {"status": "posted", "check_run": check_run.id, "conclusion": conclusion, **issues}


def give_up(job: PushAudit, ctx: JobContext, reason: str) -> None:
    """As for a pull request: drop the claim first, then complete the check as unfinished."""
    services = ctx.services
    services.markers.abandon(job.repo, job.after, STEP, owner=ctx.task_id)
    ops = services.github.repo(job.installation_id, job.repo)
    report_incomplete(ctx, ops, job.after, reason, how_to_rerun=RERUN)
