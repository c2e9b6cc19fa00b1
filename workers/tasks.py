"""Celery entry points: one thin, typed task per job of bot/jobs.py; the work lives elsewhere."""

from __future__ import annotations

from typing import Any

from bot.jobs import (
    RECOVER_DELIVERIES_TASK,
    WEEKLY_SWEEP_TASK,
    CommentCommand,
    PullRequestAudit,
    PushAudit,
    RepositorySweep,
)
from workers.celery_app import app


@app.task(name=PullRequestAudit.TASK_NAME)
def audit_pull_request(**kwargs: Any) -> None:
    raise NotImplementedError


@app.task(name=PushAudit.TASK_NAME)
def audit_push(**kwargs: Any) -> None:
    raise NotImplementedError


@app.task(name=CommentCommand.TASK_NAME)
def comment_command(**kwargs: Any) -> None:
    raise NotImplementedError


@app.task(name=RepositorySweep.TASK_NAME)
def sweep_repository(**kwargs: Any) -> None:
    raise NotImplementedError


@app.task(name=WEEKLY_SWEEP_TASK)
def weekly_sweep() -> None:
    raise NotImplementedError


@app.task(name=RECOVER_DELIVERIES_TASK)
def recover_failed_deliveries() -> None:
    raise NotImplementedError
