"""Pure renderers over `analyzers.model.Report`: check runs, comments, issues, and the badge."""

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
from bot.render.issues import render_follow_up_issue, render_follow_up_resolved, render_sweep_issue

__all__ = [
    "decide_conclusion",
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
]
