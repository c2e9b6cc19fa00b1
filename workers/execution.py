"""Run one job inside a Celery task: validate it, do the work, retry or give up, and say so.

Transient failures are retried through `task.retry(countdown=...)`, never by sleeping in the
worker slot: `RetryLater` carries the countdown GitHub asked for, other transient errors back off
exponentially with full jitter. When a job fails for good, its `give_up` tells the people who
wait for it (a check run on the pull request, a reply to the `/audit` comment) what failed and
how to run it again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from celery import Task
from celery.exceptions import Retry
from pydantic import ValidationError

from bot.jobs import Job
from workers.logs import JobLogger, job_logger
from workers.retrying import decide
from workers.services import Services, services

J = TypeVar("J", bound=Job)


@dataclass(frozen=True)
class JobContext:
    """What the work of one attempt gets besides its job."""

    services: Services
    log: JobLogger
    task_id: str  # stable across retries and redeliveries of the same task
    attempt: int


Work = Callable[[J, JobContext], dict[str, Any]]
GiveUp = Callable[[J, JobContext, str], None]


class JobFailed(Exception):
    """The job failed for good; its reason has been reported where someone will see it."""


def job_sha(job: Job) -> str | None:
    for field in ("head_sha", "after"):
        value = getattr(job, field, None)
        if isinstance(value, str):
            return value
    return None


def attempt(
    task: Task[Any, Any],
    ctx: JobContext,
    name: str,
    work: Callable[[], dict[str, Any]],
    give_up: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Run `work` once; on failure retry the task later, or give up and report."""
    tuning = ctx.services.tuning
    log = ctx.log
    log.info("starting %s (attempt %d)", name, ctx.attempt)
    try:
        result = work()
    except Retry:
        raise
    except Exception as exc:
        decision = decide(
            exc,
            task.request.retries,
            max_retries=tuning.max_retries,
            backoff_max=tuning.retry_backoff_max,
            jitter=random.random(),
        )
        if decision.retry:
            log.warning(
                "attempt %d failed, retrying in %.1fs: %s", ctx.attempt, decision.countdown, exc
            )
            raise task.retry(
                exc=exc, countdown=decision.countdown, max_retries=tuning.max_retries
            ) from exc
        log.error("giving up after attempt %d: %s", ctx.attempt, decision.reason, exc_info=exc)
        if give_up is not None:
            try:
                give_up(decision.reason)
            except Exception as report_error:
                log.error("could not report the failure: %s", report_error, exc_info=report_error)
        raise JobFailed(decision.reason) from exc
    log.info("finished %s: %s", name, result)
    return result


def execute(
    task: Task[Any, Any],
    job_type: type[J],
    kwargs: Mapping[str, Any],
    work: Work[J],
    give_up: GiveUp[J] | None = None,
) -> dict[str, Any]:
    """Validate `kwargs` into `job_type` and run `work`; see the module docstring."""
    try:
        job = job_type.model_validate(dict(kwargs))
    except ValidationError as exc:
        log = job_logger(__name__, delivery_id=None, repo=None, sha=None)
        # Retrying cannot fix a malformed job: drop it, loudly.
        log.error("dropping %s: invalid arguments: %s", job_type.TASK_NAME, exc)
        return {"status": "invalid", "error": str(exc)}
    log = job_logger(
        f"workers.{job_type.__name__}", delivery_id=job.delivery_id, repo=job.repo, sha=job_sha(job)
    )
    ctx = JobContext(services(), log, task.request.id or job.task_id(), task.request.retries + 1)
    report = None if give_up is None else (lambda reason: give_up(job, ctx, reason))
    return attempt(task, ctx, job_type.TASK_NAME, lambda: work(job, ctx), report)


def execute_scheduled(
    task: Task[Any, Any], name: str, work: Callable[[JobContext], dict[str, Any]]
) -> dict[str, Any]:
    """A beat task: no arguments, no one to report to; retried like any job."""
    log = job_logger(f"workers.{name.rsplit('.', 1)[-1]}", delivery_id=None, repo=None, sha=None)
    ctx = JobContext(services(), log, task.request.id or name, task.request.retries + 1)
    return attempt(task, ctx, name, lambda: work(ctx))
