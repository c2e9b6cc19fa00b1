"""High-level, idempotent GitHub operations the workers call, one object per repository.

Usage (synchronous; see bot/github/client.py for why)::

    app = GitHubApp(get_settings())                      # one per worker process is enough
    ops = app.repo(job.installation_id, job.repo)        # -> RepoOps
    run = ops.find_or_create_check_run(job.head_sha)     # never a second one per head sha
    ops.complete_check_run(run.id, output, "failure")    # annotations 50 per call

Every method may raise `RetryLater(countdown, reason)` (5xx, 429, rate limits, timeouts, a busy
lock): the task should call `self.retry(countdown=exc.countdown)`. `GitHubCallFailed` is final.
"""

from __future__ import annotations

from bot.github.checks import CheckRunOps
from bot.github.issues import IssueOps
from bot.github.reviews import ReviewCommentOps


class RepoOps(CheckRunOps, IssueOps, ReviewCommentOps):
    """Check runs, the sticky comment, replies, reactions, permissions, pull requests, issues,
    suggested changes.

    Inherits: get_repository, permission_level, has_write_access, get_pull_request,
    find_pull_request_for_commit (repo.py); find_check_run, find_or_create_check_run,
    complete_check_run (checks.py); find_own_comment, upsert_sticky_comment,
    update_sticky_comment, post_comment, add_reaction (comments.py); find_own_issue,
    open_follow_up, close_follow_up, upsert_sweep_issue (issues.py); find_own_review_comment,
    suggest_change (reviews.py).
    """
