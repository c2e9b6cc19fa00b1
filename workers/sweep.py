"""Full sweeps of a repository (HEAD, every commit, every branch tip) into its one sweep issue.

Run when the App is installed (so a badge exists at once), weekly from Celery beat (unless the
repository's config says `weekly_sweep: false`), and for `/audit` on an issue. The sweep issue is
found by its marker and updated in place; a repository with nothing worth reading gets no new
issue (an existing one is still kept up to date).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from analyzers.model import Report, Verdict
from bot.badge import is_suppressed
from bot.github import RepoOps
from bot.github.types import IssueRef
from bot.jobs import RepositorySweep
from bot.markers import SWEEP_ISSUE_MARKER
from bot.render import render_sweep_issue
from workers.analysis_cache import RedisCache
from workers.audit import audit_sweep, read_config
from workers.execution import JobContext
from workers.push import store_badge

NEEDS_ATTENTION = frozenset({Verdict.AFFECTED, Verdict.INDETERMINATE})


@dataclass(frozen=True)
class SweepOutcome:
    report: Report | None  # None: skipped (weekly sweeps turned off, or an empty repository)
    issue: IssueRef | None
    skipped: str | None = None


def worth_an_issue(report: Report) -> bool:
    """Findings someone should read: an unsuppressed affected or undecided driver, a fix commit
    missing from the default branch, or a broken config file."""
    if any(row.verdict in NEEDS_ATTENTION and not is_suppressed(row) for row in report.drivers):
        return True
    if any(not fix.exists or not fix.on_default_branch for fix in report.fix_commits or []):
        return True
    return bool(report.config_errors)


def sweep_repository(
    ctx: JobContext, ops: RepoOps, installation_id: int, reason: str
) -> SweepOutcome:
    services = ctx.services
    info = ops.get_repository()
    token = services.github.installation_token(installation_id)
    mirror = services.cache.sync(ops.owner, ops.name, token, default_branch=info.default_branch)
    head = mirror.resolve("HEAD")
    if head is None:
        return SweepOutcome(None, None, skipped="the repository has no commits yet")
    config = read_config(mirror, head)
    if reason == "weekly" and not config.config.weekly_sweep:
        return SweepOutcome(None, None, skipped="weekly_sweep: false in the repository config")
    report = audit_sweep(mirror, RedisCache(services.redis))
    store_badge(ctx, ops.full_name, head, report, private=info.private)
    text = render_sweep_issue(report, repo=ops.full_name, public_url=services.settings.public_url)
    if worth_an_issue(report) or ops.find_own_issue(SWEEP_ISSUE_MARKER) is not None:
        issue = ops.upsert_sweep_issue(text)
    else:
        issue = None
    ctx.log.info(
        "swept %s (%s): %d driver rows, issue %s",
        ops.full_name,
        reason,
        len(report.drivers),
        f"#{issue.number}" if issue else "not needed",
    )
    return SweepOutcome(report, issue)


def run(job: RepositorySweep, ctx: JobContext) -> dict[str, Any]:
    if ctx.interrupted is not None:  # running it again would be stopped the same way
        ctx.log.error("not sweeping %s again: %s", job.repo, ctx.interrupted)
        return {"status": "stopped", "why": ctx.interrupted}
    ops = ctx.services.github.repo(job.installation_id, job.repo)
    outcome = sweep_repository(ctx, ops, job.installation_id, job.reason)
    if outcome.report is None:
        return {"status": "skipped", "why": outcome.skipped}
    return {
        "status": "swept",
        "drivers": len(outcome.report.drivers),
        "issue": outcome.issue.number if outcome.issue else None,
    }
