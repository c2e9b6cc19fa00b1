"""What the worker's main process does when a pool child cannot finish a task.

Celery runs this `Request` in the main process (its documented extension point, "custom
requests"). When a task hits the hard time limit, or its pool child dies, the attempt's lease
in the ledger and any lock it held are freed and, for the time limit, the reason is recorded,
before Celery puts the message back: the next attempt then reports "stopped at the hard time
limit" on the check run instead of being killed the same way again (workers/execution.py).
"""

from __future__ import annotations

import logging
from functools import cache
from typing import Any

import redis
from celery import Task
from celery.exceptions import WorkerLostError
from celery.signals import worker_ready
from celery.worker.request import Request

from bot.github.repo import dead_holders, lock_tokens, process_prefix, release_locks_of
from bot.settings import get_settings
from workers.execution import hard_limit_reason
from workers.ledger import Ledger

log = logging.getLogger(__name__)


@cache
def _ledger() -> Ledger:
    """One small client per main process (it never forks after this is made)."""
    url = get_settings().redis_url
    return Ledger(redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5))


class LedgerRequest(Request):
    def _interrupted(self, stopped: str | None) -> None:
        pid = self.worker_pid
        if pid is None:
            return
        prefix = process_prefix(int(pid))
        try:
            ledger = _ledger()
            ledger.interrupted(self.id, prefix, stopped)
            release_locks_of(ledger.client, prefix)
        except Exception as exc:  # never let this break Celery's own handling
            log.error("could not record the interrupted attempt of %s: %s", self.id, exc)

    def on_timeout(self, soft: bool, timeout: float) -> None:
        if not soft:
            self._interrupted(hard_limit_reason(timeout))
        super().on_timeout(soft, timeout)

    def on_failure(
        self, exc_info: Any, send_failed_event: bool = True, return_ok: bool = False
    ) -> None:
        if isinstance(exc_info.exception, WorkerLostError):
            self._interrupted(None)
        super().on_failure(exc_info, send_failed_event=send_failed_event, return_ok=return_ok)


def release_dead_processes() -> None:
    """At worker start-up: free the leases and locks that processes of this host held when they
    died with their main process (the host crashed or was killed), instead of waiting for them
    to expire while the redelivered tasks stall behind them."""
    ledger = _ledger()
    leases = ledger.leases()
    dead = dead_holders([holder for _, holder in leases] + lock_tokens(ledger.client))
    for prefix in dead:
        for task_id, holder in leases:
            if holder.startswith(prefix):
                ledger.interrupted(task_id, prefix, None)
        released = release_locks_of(ledger.client, prefix)
        log.warning("freed what dead process %s held (%d locks)", prefix, released)


@worker_ready.connect
def _on_worker_ready(**_: Any) -> None:
    try:
        release_dead_processes()
    except Exception as exc:  # Redis may be down at start-up: the TTLs free them anyway
        log.warning("could not free what dead processes held: %s", exc)


class LedgerTask(Task):  # type: ignore[type-arg]
    """The base of every job task: its requests run `LedgerRequest` in the main process, and a
    task killed at the hard time limit goes back on the queue (not acknowledged as failed): its
    next attempt learns why and reports the job as unfinished, instead of a check run left
    "in progress" forever. (Scheduled tasks keep Celery's default: beat runs them again.)"""

    Request = "workers.requests:LedgerRequest"
    acks_on_timeout = False
    # No cap of Celery's own: failures are retried at most `WorkerTuning.max_retries` times
    # (workers/execution.py passes it), while waiting out another attempt's lease or a Redis
    # restart is not a failure and must not run out.
    max_retries = None
