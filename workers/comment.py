"""`/audit` in a comment: 👀 at once, then a reply (a new comment) with the result.

Only people with write access may run it; others get a short refusal. On a pull request it
re-runs the pull-request check; on an issue, a full sweep. The reply carries a marker with the
comment id, so a retried or redelivered task answers once.
"""

from __future__ import annotations

from typing import Any

from bot.github.repo import WRITE_ROLES
from bot.jobs import CommentCommand
from bot.markers import reply_marker
from bot.render import RepoLinks, render_command_failed, render_command_reply, render_refusal
from workers.execution import JobContext
from workers.incomplete import report_incomplete
from workers.pull_request import Target, check_pull_request, claim_ttl
from workers.sweep import sweep_repository


def _step(job: CommentCommand) -> str:
    return f"audit-command:{job.comment_id}"


def run(job: CommentCommand, ctx: JobContext) -> dict[str, Any]:
    services = ctx.services
    ops = services.github.repo(job.installation_id, job.repo)
    marker = reply_marker(job.comment_id)
    ops.add_reaction(job.comment_id, "eyes")
    permission = ops.permission_level(job.author)
    if permission not in WRITE_ROLES:
        body = render_refusal(comment_id=job.comment_id, author=job.author, permission=permission)
        ops.post_comment(job.issue_number, body, marker=marker)
        return {"status": "refused", "permission": permission}

    # The reply is the last step: a claim keeps a redelivered command from auditing twice
    # concurrently, and the marked reply keeps it from answering twice.
    claim = services.markers.begin(
        job.repo, "comments", _step(job), owner=ctx.task_id, ttl=claim_ttl(services)
    )
    if claim != "mine":
        return {"status": "duplicate", "claim": claim}
    if ctx.interrupted is not None:
        reason = f"the audit could not finish: {ctx.interrupted}"
        if job.is_pull_request:  # its check run must not stay in progress either
            pull = ops.get_pull_request(job.issue_number)
            report_incomplete(ctx, ops, pull.head_sha, reason)
        body = render_command_failed(comment_id=job.comment_id, reason=reason)
        ops.post_comment(job.issue_number, body, marker=marker)
        services.markers.finish(job.repo, "comments", _step(job))
        return {"status": "incomplete", "why": reason}
    if job.is_pull_request:
        pull = ops.get_pull_request(job.issue_number)
        target = Target(pull.number, pull.base_sha, pull.base_ref)
        outcome = check_pull_request(ctx, ops, job.installation_id, pull.head_sha, target)
        report, link = outcome.report, outcome.check_run.html_url
        result: dict[str, Any] = {"status": "audited", "check_run": outcome.check_run.id}
    else:
        swept = sweep_repository(ctx, ops, job.installation_id, "comment")
        if swept.report is None:
            reason = swept.skipped or "nothing to sweep"
            ops.post_comment(
                job.issue_number,
                render_command_failed(comment_id=job.comment_id, reason=reason),
                marker=marker,
            )
            services.markers.finish(job.repo, "comments", _step(job))
            return {"status": "skipped", "why": reason}
        report, link = swept.report, swept.issue.html_url if swept.issue else None
        result = {"status": "swept", "issue": swept.issue.number if swept.issue else None}
    links = RepoLinks.for_api(services.settings.github_api_url, job.repo)
    body = render_command_reply(
        report, comment_id=job.comment_id, command=job.command, link=link, links=links
    )
    reply = ops.post_comment(job.issue_number, body, marker=marker)
    services.markers.finish(job.repo, "comments", _step(job))
    return {**result, "reply": reply.id}


def give_up(job: CommentCommand, ctx: JobContext, reason: str) -> None:
    ctx.services.markers.abandon(job.repo, "comments", _step(job), owner=ctx.task_id)
    ops = ctx.services.github.repo(job.installation_id, job.repo)
    body = render_command_failed(comment_id=job.comment_id, reason=reason)
    ops.post_comment(job.issue_number, body, marker=reply_marker(job.comment_id))
