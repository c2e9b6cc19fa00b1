"""The pull-request check: head against base, one check run per head sha, one sticky comment.

GitHub sends `pull_request` and `check_suite` for the same head commit, and may redeliver either;
all of them share one claim per head sha, so exactly one task audits and posts. A re-run
(`check_run`/`check_suite` rerequested, `/audit`) is its own claim, and posts into the same
check run and the same comment.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from analyzers.files.config import RepoConfig
from analyzers.model import Report
from bot.github import RepoOps, RetryLater
from bot.github.types import CheckRunRef, CommentRef, Conclusion
from bot.jobs import PullRequestAudit
from bot.render import (
    PullRequestChanges,
    RepoLinks,
    compare_drivers,
    decide_conclusion,
    newly_affected,
    render_check_run,
    render_pr_comment,
)
from workers.analysis_cache import RedisCache
from workers.audit import Cache, audit_base, audit_pull_request, changed_files, read_config
from workers.execution import JobContext
from workers.incomplete import report_incomplete
from workers.repo_cache import Mirror, point_head
from workers.services import Services
from workers.suggestions import suggest_fixes

# Events that GitHub sends on its own for a new head commit; they all share one audit.
AUTOMATIC_TRIGGERS = frozenset(
    {
        "pull_request.opened",
        "pull_request.synchronize",
        "pull_request.reopened",
        "check_suite.requested",
    }
)


@dataclass(frozen=True)
class Target:
    """What a head commit is compared with: its pull request's base, or the default branch."""

    pull_number: int | None
    base_sha: str | None  # None: the default branch's tip, read after fetching
    base_ref: str


@dataclass(frozen=True)
class Outcome:
    report: Report
    check_run: CheckRunRef
    conclusion: Conclusion
    changes: PullRequestChanges
    comment: CommentRef | None  # None: no sticky comment (nothing worth saying, or `never`)
    suggestions: tuple[CommentRef, ...] = ()  # suggested changes (review comments) posted


def claim_step(job: PullRequestAudit) -> str:
    if job.trigger in AUTOMATIC_TRIGGERS or job.delivery_id is None:
        return "pull-request-check"
    return f"pull-request-check:{job.delivery_id}"


def claim_ttl(services: Services) -> int:
    # Held while the task (with its retries) may still run; a crashed holder's claim is taken
    # over by its own redelivery (same task id), and otherwise lapses.
    return int(2 * services.tuning.visibility_timeout)


def resolve_target(job: PullRequestAudit, ops: RepoOps) -> Target:
    if job.pull_number is not None and job.base_sha:
        return Target(job.pull_number, job.base_sha, job.base_ref or "")
    if job.pull_number is not None:
        pull = ops.get_pull_request(job.pull_number)
        return Target(pull.number, pull.base_sha, pull.base_ref)
    pull_info = ops.find_pull_request_for_commit(job.head_sha)
    if pull_info is not None:
        return Target(pull_info.number, pull_info.base_sha, pull_info.base_ref)
    # A check suite on a branch with no pull request: compare with the default branch.
    return Target(None, None, ops.get_repository().default_branch)


def fetch_for(
    ctx: JobContext, ops: RepoOps, installation_id: int, head_sha: str, target: Target
) -> tuple[Mirror, str]:
    """The mirror holding head and base (fetched only if needed), and the base sha."""
    services = ctx.services
    owner, name = ops.owner, ops.name
    token = services.github.installation_token(installation_id)
    want = [head_sha] + ([target.base_sha] if target.base_sha else [])
    pulls = [] if target.pull_number is None else [target.pull_number]
    mirror = services.cache.sync(
        owner,
        name,
        token,
        want=want,
        fallback_refspecs=[f"+refs/pull/{n}/head:refs/pull/{n}/head" for n in pulls],
        refresh=target.base_sha is None,
    )
    if mirror.resolve("HEAD") is None:  # a new mirror: fix commits need the default branch
        point_head(mirror, ops.get_repository().default_branch)
    base_sha = target.base_sha or mirror.resolve(f"refs/heads/{target.base_ref}") or head_sha
    return mirror, base_sha


def pull_request_changes(
    mirror: Mirror, report: Report, config: RepoConfig, cache: Cache
) -> PullRequestChanges:
    """What the change did to each driver: the base's rows (from the cache) against head's."""
    if report.diff is None:
        return PullRequestChanges()
    base = audit_base(mirror, report.diff.base, config, cache)
    changed = changed_files(mirror, report.diff.base, report.diff.head)
    return compare_drivers(base, report, renames=changed.renames, touched=changed.touched)


def post_sticky_comment(
    ops: RepoOps, pull_number: int, body: str, *, mode: str, worth_saying: bool
) -> CommentRef | None:
    """`comment:` in .github/lora-audit.yml: `on-findings` (the default) comments only when the
    pull request makes a driver newly affected or undecided, or fixes one, and keeps an earlier
    comment up to date; `always` comments on every audited pull request; `never` never does."""
    if mode == "never":
        return None
    if mode == "always" or worth_saying:
        return ops.upsert_sticky_comment(pull_number, body)
    return ops.update_sticky_comment(pull_number, body)


def check_pull_request(
    ctx: JobContext, ops: RepoOps, installation_id: int, head_sha: str, target: Target
) -> Outcome:
    """Audit `head_sha` against the target and post the check run and the sticky comment."""
    services = ctx.services
    check_run = ops.find_or_create_check_run(head_sha)
    mirror, base_sha = fetch_for(ctx, ops, installation_id, head_sha, target)
    cache = RedisCache(services.redis)
    report = audit_pull_request(mirror, base_sha, head_sha, cache)
    config = read_config(mirror, head_sha).config
    changes = pull_request_changes(mirror, report, config, cache)
    links = RepoLinks.for_api(services.settings.github_api_url, ops.full_name)
    policy = config.pull_request_conclusion
    conclusion = decide_conclusion(report, policy)
    output = render_check_run(report, policy=policy, links=links, changes=changes)
    ops.complete_check_run(check_run.id, output, conclusion)
    comment = None
    suggestions: list[CommentRef] = []
    if target.pull_number is not None:
        body = render_pr_comment(report, changes, check_run_url=check_run.html_url, links=links)
        comment = post_sticky_comment(
            ops,
            target.pull_number,
            body,
            mode=config.comment,
            worth_saying=changes.worth_saying,
        )
        suggestions = offer_suggestions(
            ctx,
            ops,
            mirror=mirror,
            report=report,
            config=config,
            cache=cache,
            pull_number=target.pull_number,
        )
    ctx.log.info(
        "check run %d completed: %s (%d newly affected); comment %s",
        check_run.id,
        conclusion,
        len(newly_affected(report)),
        comment.id if comment is not None else "not needed",
    )
    return Outcome(report, check_run, conclusion, changes, comment, tuple(suggestions))


def offer_suggestions(
    ctx: JobContext,
    ops: RepoOps,
    *,
    mirror: Mirror,
    report: Report,
    config: RepoConfig,
    cache: Cache,
    pull_number: int,
) -> list[CommentRef]:
    """The suggested changes (`workers/suggestions.py`); the check run is posted already, so a
    failure here is logged, never a failed check (GitHub's limits still retry the task)."""
    try:
        return suggest_fixes(
            ctx,
            ops,
            mirror=mirror,
            report=report,
            config=config,
            cache=cache,
            pull_number=pull_number,
        )
    except RetryLater:
        raise
    except Exception:
        ctx.log.exception("no suggested changes for pull request %d", pull_number)
        return []


def run(job: PullRequestAudit, ctx: JobContext) -> dict[str, Any]:
    services = ctx.services
    step = claim_step(job)
    claim = services.markers.begin(
        job.repo, job.head_sha, step, owner=ctx.task_id, ttl=claim_ttl(services)
    )
    if claim != "mine":
        ctx.log.info("%s: another task %s this head commit", job.trigger, claim)
        return {"status": "duplicate", "claim": claim}
    ops = services.github.repo(job.installation_id, job.repo)
    if ctx.interrupted is not None:
        run, conclusion = report_incomplete(
            ctx, ops, job.head_sha, f"The audit could not finish: {ctx.interrupted}"
        )
        services.markers.finish(job.repo, job.head_sha, step)
        return {"status": "incomplete", "check_run": run.id, "conclusion": conclusion}
    target = resolve_target(job, ops)
    outcome = check_pull_request(ctx, ops, job.installation_id, job.head_sha, target)
    services.markers.finish(job.repo, job.head_sha, step)
    return {
        "status": "posted",
        "check_run": outcome.check_run.id,
        "conclusion": outcome.conclusion,
        "newly_affected": [row.path for row in newly_affected(outcome.report)],
        "pull_number": target.pull_number,
        "comment": outcome.comment.id if outcome.comment is not None else None,
        "suggestions": [ref.id for ref in outcome.suggestions],
    }


def give_up(job: PullRequestAudit, ctx: JobContext, reason: str) -> None:
    """Tell the pull request its audit could not run (never as a pass), and how to run it again.

    The claim is dropped first, whatever GitHub does next: a later event for this commit, a
    re-run or `/audit` may then audit it at once. If GitHub cannot be told now, this raises and
    the ledger keeps the job for the recovery to complete the check later.
    """
    services = ctx.services
    services.markers.abandon(job.repo, job.head_sha, claim_step(job), owner=ctx.task_id)
    ops = services.github.repo(job.installation_id, job.repo)
    report_incomplete(ctx, ops, job.head_sha, reason)
