"""Pure renderers over `analyzers.model.Report`: check runs, comments, issues, and the badge.

Every string that comes from the audited repository goes through `bot.render.inert`.
"""

from bot.render.changes import PullRequestChanges, compare_drivers
from bot.render.check_run import (
    decide_conclusion,
    newly_affected,
    render_audit_failed,
    render_check_run,
)
from bot.render.comment import (
    render_command_failed,
    render_command_reply,
    render_pr_comment,
    render_refusal,
)
from bot.render.issues import render_follow_up_issue, render_follow_up_resolved
from bot.render.links import RepoLinks
from bot.render.sweep import new_findings, render_sweep_issue, render_sweep_news, sweep_findings

__all__ = [
    "PullRequestChanges",
    "RepoLinks",
    "compare_drivers",
    "decide_conclusion",
    "new_findings",
    "newly_affected",
    "render_audit_failed",
    "render_check_run",
    "render_command_failed",
    "render_command_reply",
    "render_follow_up_issue",
    "render_follow_up_resolved",
    "render_pr_comment",
    "render_refusal",
    "render_sweep_issue",
    "render_sweep_news",
    "sweep_findings",
]
