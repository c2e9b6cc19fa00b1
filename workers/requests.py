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
from celery.worker.request import Request

from bot.github.repo import process_prefix, release_locks_of
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


class LedgerTask(Task):  # type: ignore[type-arg]
    """The base of every job task: its requests run `LedgerRequest` in the main process, and a
    task killed at the hard time limit goes back on the queue (not acknowledged as failed): its
    next attempt learns why and reports the job as unfinished, instead of a check run left
    "in progress" forever. (Scheduled tasks keep Celery's default: beat runs them again.)"""

    Request = "workers.requests:LedgerRequest"
    acks_on_timeout = False
