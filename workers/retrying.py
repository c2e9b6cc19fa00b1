"""Which failures a task retries (and after how long) and which it gives up on at once."""

from __future__ import annotations

from dataclasses import dataclass

import redis
from celery.exceptions import SoftTimeLimitExceeded
from celery.utils.time import get_exponential_backoff_interval

from bot.github.errors import GitHubCallFailed, RetryLater
from workers.locks import LockTimeout
from workers.repo_cache import FetchError

BACKOFF_FACTOR_SECONDS = 5
MIN_COUNTDOWN_SECONDS = 1.0
# Spread retries that GitHub asked to happen "after N seconds" a little, so a burst of tasks
# that hit one rate limit does not come back in the same instant.
RETRY_LATER_JITTER = 0.1


@dataclass(frozen=True)
class Decision:
    """`retry` with `countdown` seconds, or give up; `reason` is for logs and the PR."""

    retry: bool
    countdown: float
    reason: str


def backoff(retries: int, maximum: int) -> float:
    """Exponential backoff with full jitter (AWS's "full jitter"), at least one second."""
    interval = get_exponential_backoff_interval(
        BACKOFF_FACTOR_SECONDS, retries, maximum, full_jitter=True
    )
    return max(MIN_COUNTDOWN_SECONDS, float(interval))


def _transient_reason(exc: BaseException) -> str | None:
    if isinstance(exc, LockTimeout):
        return str(exc)
    if isinstance(exc, FetchError) and not exc.permanent:
        return str(exc)
    if isinstance(exc, redis.ConnectionError | redis.TimeoutError):
        return f"Redis is unavailable: {exc}"
    return None


def decide(
    exc: BaseException, retries: int, *, max_retries: int, backoff_max: int, jitter: float = 0.0
) -> Decision:
    """What to do after `exc` on attempt `retries + 1`.

    `jitter` in [0, 1) scales the small spread added to a server-given countdown.
    """
    exhausted = retries >= max_retries
    if isinstance(exc, RetryLater):
        countdown = exc.countdown * (1 + RETRY_LATER_JITTER * jitter)
        return Decision(not exhausted, countdown, exc.reason)
    transient = _transient_reason(exc)
    if transient is not None:
        return Decision(not exhausted, backoff(retries, backoff_max), transient)
    if isinstance(exc, SoftTimeLimitExceeded):
        return Decision(False, 0.0, "the audit took longer than the time limit")
    if isinstance(exc, GitHubCallFailed | FetchError):
        return Decision(False, 0.0, str(exc))
    return Decision(False, 0.0, f"an internal error ({type(exc).__name__}: {exc})")
