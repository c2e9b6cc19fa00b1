"""Celery entry points: one thin, typed task per job of bot/jobs.py; the work lives elsewhere.

Each task takes keyword arguments only (the job's fields, as the web app sent them), validates
them into the job model of bot/jobs.py, and hands them to its module. Only ids, names and shas
cross the queue.
"""

from __future__ import annotations

from typing import Any

from celery import Task

from bot.jobs import (
    RECOVER_DELIVERIES_TASK,
    WEEKLY_SWEEP_TASK,
    CommentCommand,
    ForgetRepository,
    PullRequestAudit,
    PushAudit,
    RepositorySweep,
)
from workers import comment, forget, pull_request, push, recovery, sweep, weekly
from workers.celery_app import app
from workers.execution import execute, execute_scheduled
from workers.requests import LedgerTask

AnyTask = Task[Any, Any]


@app.task(name=PullRequestAudit.TASK_NAME, bind=True, base=LedgerTask)
def audit_pull_request(self: AnyTask, /, **kwargs: Any) -> dict[str, Any]:
    return execute(self, PullRequestAudit, kwargs, pull_request.run, pull_request.give_up)


@app.task(name=PushAudit.TASK_NAME, bind=True, base=LedgerTask)
def audit_push(self: AnyTask, /, **kwargs: Any) -> dict[str, Any]:
    return execute(self, PushAudit, kwargs, push.run, push.give_up)


@app.task(name=CommentCommand.TASK_NAME, bind=True, base=LedgerTask)
def comment_command(self: AnyTask, /, **kwargs: Any) -> dict[str, Any]:
    return execute(self, CommentCommand, kwargs, comment.run, comment.give_up)


@app.task(name=RepositorySweep.TASK_NAME, bind=True, base=LedgerTask)
def sweep_repository(self: AnyTask, /, **kwargs: Any) -> dict[str, Any]:
    return execute(self, RepositorySweep, kwargs, sweep.run)


@app.task(name=ForgetRepository.TASK_NAME, bind=True, base=LedgerTask)
def forget_repository(self: AnyTask, /, **kwargs: Any) -> dict[str, Any]:
    return execute(self, ForgetRepository, kwargs, forget.run)


@app.task(name=WEEKLY_SWEEP_TASK, bind=True)
def weekly_sweep(self: AnyTask) -> dict[str, Any]:
    return execute_scheduled(
        self,
        WEEKLY_SWEEP_TASK,
        lambda ctx: weekly.enqueue_weekly_sweeps(ctx.services, app, run_id=ctx.task_id),
    )


@app.task(name=RECOVER_DELIVERIES_TASK, bind=True)
def recover_failed_deliveries(self: AnyTask) -> dict[str, Any]:
    return execute_scheduled(
        self,
        RECOVER_DELIVERIES_TASK,
        lambda ctx: recovery.recover_failed_deliveries(ctx.services, ctx.log, app),
    )
