"""Full sweeps of a repository (HEAD, every commit, every branch tip) into its one sweep issue.

Run when the App is installed (so a badge exists at once), weekly from Celery beat (unless the
repository's config says `weekly_sweep: false`), and for `/audit` on an issue. The sweep issue is
found by its marker and updated in place. It is opened only for something a maintainer can act on
(a finding at HEAD or at a branch tip, a fix commit missing from the default branch, a broken
config); an existing one is still kept up to date. A finding the last sweep did not have is
announced with a comment, since editing an issue notifies nobody.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from analyzers.model import Report
from bot.github import RepoOps
from bot.github.types import IssueRef
from bot.jobs import RepositorySweep
from bot.markers import SWEEP_ISSUE_MARKER
from bot.render import (
    RepoLinks,
    new_findings,
    render_sweep_issue,
    render_sweep_news,
    sweep_findings,
)
from bot.render.sweep import news_marker
from workers.analysis_cache import RedisCache
from workers.audit import audit_sweep, read_config
from workers.execution import JobContext
from workers.push import store_badge


@dataclass(frozen=True)
class SweepOutcome:
    report: Report | None  # None: skipped (weekly sweeps turned off, or an empty repository)
    issue: IssueRef | None
    skipped: str | None = None
    announced: int = 0  # new findings announced with a comment


def worth_an_issue(report: Report) -> bool:
    """Something a maintainer can act on now: an unsuppressed affected or undecided driver at
    HEAD or at a branch tip, a fix commit missing from the default branch, a broken config file.
    Drivers that live only in old history are context, not a reason to open an issue."""
    if sweep_findings(report):
        return True
    if any(not fix.exists or not fix.on_default_branch for fix in report.fix_commits or []):
        return True
    return bool(report.config_errors)


def sweep_repository(
    ctx: JobContext, ops: RepoOps, installation_id: int, reason: str
) -> SweepOutcome:
    started = time.monotonic()  # the sweep's time budget counts the mirror's fetch too
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
    budget = max(0.0, services.tuning.sweep_seconds - (time.monotonic() - started))
    report = audit_sweep(mirror, RedisCache(services.redis), budget)
    store_badge(ctx, ops.full_name, head, report, private=info.private)
    links = RepoLinks.for_api(services.settings.github_api_url, ops.full_name)
    issue, announced = publish_sweep(ops, report, links, services.settings.public_url)
    ctx.log.info(
        "swept %s (%s): %d driver rows, issue %s, %d new finding(s) announced",
        ops.full_name,
        reason,
        len(report.drivers),
        f"#{issue.number}" if issue else "not needed",
        announced,
    )
    return SweepOutcome(report, issue, announced=announced)


def publish_sweep(
    ops: RepoOps, report: Report, links: RepoLinks, public_url: str | None
) -> tuple[IssueRef | None, int]:
    """Update (or open, when worth it) the sweep issue; announce new findings with a comment.

    The comment goes first and carries a marker of its findings and commit, so a retry after a
    crash between the two steps neither misses the announcement nor makes it twice.
    """
    text = render_sweep_issue(report, repo=ops.full_name, public_url=public_url, links=links)
    existing = ops.find_own_issue(SWEEP_ISSUE_MARKER)
    if existing is None and not worth_an_issue(report):
        return None, 0
    new = new_findings(report, existing[2] if existing is not None else None)
    if existing is not None and new:
        news = render_sweep_news(new, report, links=links)
        ops.post_comment(existing[0].number, news, marker=news_marker(new, report.commit))
    return ops.upsert_sweep_issue(text, reopen=bool(new)), len(new)


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
        "announced": outcome.announced,
    }
