"""Run one job inside a Celery task: validate it, do the work, retry or give up, and say so.

Transient failures are retried through `task.retry(countdown=...)`, never by sleeping in the
worker slot: `RetryLater` carries the countdown GitHub asked for, other transient errors back off
exponentially with full jitter. A countdown longer than a broker message may safely wait
(`WorkerTuning.max_countdown`) is parked in the ledger instead and sent again by the recovery,
so no message ever outlives the visibility timeout and runs twice. When a job fails for good, its
`give_up` tells the people who wait for it (a check run on the pull request, a reply to the
`/audit` comment) what failed and how to run it again; if even that fails, the ledger keeps the
job and the recovery runs it again later.

Every attempt holds the job's lease in the ledger (workers/ledger.py): a second copy of the same
task never runs alongside it, and an attempt that was killed is known to the next one.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NoReturn, TypeVar

import redis
from celery import Task
from celery.exceptions import Ignore, Retry
from pydantic import ValidationError

from bot.github.repo import process_prefix
from bot.jobs import Job
from workers.ledger import Begun, Ledger
from workers.logs import JobLogger, job_logger
from workers.retrying import Decision, decide
from workers.services import Services, services
from workers.tuning import WorkerTuning

J = TypeVar("J", bound=Job)
# After this many attempts died without a word (killed, out of memory), the next one reports
# the job as unfinished instead of running it again.
MAX_CRASHES = 2


@dataclass(frozen=True)
class JobContext:
    """What the work of one attempt gets besides its job."""

    services: Services
    log: JobLogger
    task_id: str  # stable across retries and redeliveries of the same task
    attempt: int
    # Set when earlier attempts were killed (the hard time limit, or dying workers): the work
    # must then report that it could not finish, not try the same thing again.
    interrupted: str | None = None


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


@dataclass
class Record:
    """This attempt's place in the ledger; Redis errors here never lose the work's result."""

    ledger: Ledger
    task_id: str
    holder: str
    log: JobLogger

    def end(self) -> None:
        try:
            self.ledger.end(self.task_id, self.holder)
        except redis.RedisError as exc:  # the recovery will find it done and skip it
            self.log.warning("could not close the ledger entry: %s", exc)

    def gave_up(self, reason: str, backoff: float) -> None:
        try:
            self.ledger.gave_up(self.task_id, self.holder, reason, backoff=backoff)
        except redis.RedisError as exc:
            self.log.error("could not keep the failed job for the recovery: %s", exc)


def interrupted_reason(begun: Begun) -> str | None:
    if begun.stopped:
        return begun.stopped
    if begun.crashes >= MAX_CRASHES:
        return (
            f"the worker running it died {begun.crashes} times before it finished "
            "(killed, or out of memory)"
        )
    return None


def hard_limit_reason(seconds: float) -> str:
    return (
        f"it was stopped at the hard time limit of {seconds:g}s before it finished "
        "(for example a file too large or too deeply nested to parse in time)"
    )


def _retry_later(
    task: Task[Any, Any],
    ctx: JobContext,
    record: Record,
    countdown: float,
    *,
    exc: Exception | None,
    max_retries: int | None,
) -> NoReturn:
    """Retry in `countdown` seconds: a Celery retry, or parked in the ledger when longer than a
    broker message may wait. A parked retry raises `Ignore`: the message is acknowledged and the
    task's result is left for the attempt the recovery sends at its time."""
    tuning = ctx.services.tuning
    if countdown > tuning.max_countdown:
        try:
            record.ledger.park(
                record.task_id, record.holder, due_in=countdown, retries=task.request.retries + 1
            )
        except redis.RedisError as error:
            ctx.log.warning("could not park the retry (%s); retrying sooner", error)
            countdown = tuning.max_countdown
        else:
            ctx.log.warning("parked for %.0fs (longer than a queued message may wait)", countdown)
            raise Ignore()
    try:
        record.ledger.wait(record.task_id, record.holder, lost_after=countdown + tuning.lost_after)
    except redis.RedisError as error:
        ctx.log.warning("could not record the retry: %s", error)
    _raise_retry(task, exc, countdown, max_retries)


def _raise_retry(
    task: Task[Any, Any], exc: Exception | None, countdown: float, max_retries: int | None
) -> NoReturn:
    raise task.retry(exc=exc, countdown=countdown, max_retries=max_retries)


def _decision(task: Task[Any, Any], tuning: WorkerTuning, exc: Exception) -> Decision:
    """Retry or give up after `exc`, by this task's attempts so far and the tuning's bounds."""
    return decide(
        exc,
        task.request.retries,
        max_retries=tuning.max_retries,
        backoff_max=tuning.retry_backoff_max,
        jitter=random.random(),
    )


def attempt(
    task: Task[Any, Any],
    ctx: JobContext,
    name: str,
    work: Callable[[], dict[str, Any]],
    *,
    give_up: Callable[[str], None] | None,
    record: Record,
) -> dict[str, Any]:
    """Run `work` once; on failure retry the task later, or give up and report."""
    tuning = ctx.services.tuning
    log = ctx.log
    log.info("starting %s (attempt %d)", name, ctx.attempt)
    try:
        result = work()
    except (Retry, Ignore):
        raise
    except Exception as exc:
        decision = _decision(task, tuning, exc)
        if decision.retry:
            log.warning(
                "attempt %d failed, retrying in %.1fs: %s", ctx.attempt, decision.countdown, exc
            )
            _retry_later(
                task, ctx, record, decision.countdown, exc=exc, max_retries=tuning.max_retries
            )
        log.error("giving up after attempt %d: %s", ctx.attempt, decision.reason, exc_info=exc)
        reported = True
        if give_up is not None:
            try:
                give_up(decision.reason)
            except Exception as report_error:
                reported = False
                log.error("could not report the failure: %s", report_error, exc_info=report_error)
        if reported:
            record.end()
        else:
            record.gave_up(decision.reason, backoff=tuning.recovery_interval)
        raise JobFailed(decision.reason) from exc
    record.end()
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
        # Retrying cannot fix a malformed job: drop it, loudly, and its ledger entry with it.
        log.error("dropping %s: invalid arguments: %s", job_type.TASK_NAME, exc)
        if task.request.id:
            try:
                services().ledger.drop(task.request.id)
            except redis.RedisError as error:
                log.warning("could not drop its ledger entry: %s", error)
        return {"status": "invalid", "error": str(exc)}
    log = job_logger(
        f"workers.{job_type.__name__}", delivery_id=job.delivery_id, repo=job.repo, sha=job_sha(job)
    )
    found = services()
    tuning = found.tuning
    task_id = task.request.id or job.task_id()
    holder = process_prefix() + uuid.uuid4().hex
    ledger = found.ledger
    ctx = JobContext(found, log, task_id, task.request.retries + 1)
    record = Record(ledger, task_id, holder, log)
    try:
        begun = ledger.begin(
            task_id,
            name=job_type.TASK_NAME,
            queue=job_type.QUEUE,
            kwargs=job.model_dump(mode="json"),
            retries=task.request.retries,
            holder=holder,
            lease_seconds=tuning.attempt_lease,
            lost_after=tuning.lost_after,
        )
    except redis.RedisError as exc:
        log.warning("Redis is unavailable (%s); retrying", exc)
        _raise_retry(task, exc, 15.0, None)
    if not begun.mine:
        # Another copy of this task is running: never two at once. Look again once its lease
        # ends (a live attempt has finished by then, a dead one has lost it).
        log.warning("another attempt holds this task for %.0fs more; waiting", begun.busy_for)
        countdown = min(begun.busy_for + 1.0, tuning.max_countdown)
        _raise_retry(task, None, countdown, None)
    reason = interrupted_reason(begun)
    if reason is not None:
        log.warning("earlier attempts did not finish: %s", reason)
    ctx = JobContext(found, log, task_id, task.request.retries + 1, interrupted=reason)
    report = None if give_up is None else (lambda why: give_up(job, ctx, why))
    return attempt(
        task, ctx, job_type.TASK_NAME, lambda: work(job, ctx), give_up=report, record=record
    )


def execute_scheduled(
    task: Task[Any, Any], name: str, work: Callable[[JobContext], dict[str, Any]]
) -> dict[str, Any]:
    """A beat task: no arguments, no one to report to; retried like any job (not in the ledger:
    beat schedules it again anyway)."""
    log = job_logger(f"workers.{name.rsplit('.', 1)[-1]}", delivery_id=None, repo=None, sha=None)
    ctx = JobContext(services(), log, task.request.id or name, task.request.retries + 1)
    tuning = ctx.services.tuning
    log.info("starting %s (attempt %d)", name, ctx.attempt)
    try:
        result = work(ctx)
    except Retry:
        raise
    except Exception as exc:
        decision = _decision(task, tuning, exc)
        if decision.retry:
            log.warning("attempt %d failed, retrying: %s", ctx.attempt, exc)
            countdown = min(decision.countdown, tuning.max_countdown)
            _raise_retry(task, exc, countdown, tuning.max_retries)
        log.error("giving up after attempt %d: %s", ctx.attempt, decision.reason, exc_info=exc)
        raise JobFailed(decision.reason) from exc
    log.info("finished %s: %s", name, result)
    return result
