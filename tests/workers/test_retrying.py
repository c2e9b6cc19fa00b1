"""Which failures are retried, after how long, and which give up at once."""

from __future__ import annotations

from pathlib import Path

import pytest
import redis
from celery.exceptions import SoftTimeLimitExceeded

from bot.github.errors import GitHubCallFailed, RetryLater
from workers.locks import LockTimeout
from workers.repo_cache import FetchError, MissingCommit
from workers.retrying import backoff, decide


def test_retry_later_uses_githubs_countdown_with_a_little_spread() -> None:
    exc = RetryLater(7, "rate limited")
    assert decide(exc, 0, max_retries=3, backoff_max=600, jitter=0.0).countdown == 7
    spread = decide(exc, 0, max_retries=3, backoff_max=600, jitter=0.99)
    assert spread.retry
    assert 7 < spread.countdown < 7 * 1.1


@pytest.mark.parametrize(
    "exc",
    [
        LockTimeout(Path("/cache/o/r.lock"), 900),
        FetchError("fetching o/r failed: connection reset"),
        redis.ConnectionError("Connection refused"),
    ],
    ids=["lock", "fetch", "redis"],
)
def test_transient_failures_back_off_exponentially_and_stop_after_the_limit(
    exc: Exception,
) -> None:
    waits = [decide(exc, n, max_retries=6, backoff_max=600).countdown for n in range(6)]
    assert all(1 <= wait <= min(600, 5 * 2**n) for n, wait in enumerate(waits))
    assert decide(exc, 6, max_retries=6, backoff_max=600).retry is False


def test_backoff_is_jittered_and_capped() -> None:
    samples = {backoff(10, 60) for _ in range(200)}
    assert len(samples) > 10  # full jitter, not a fixed wait
    assert max(samples) <= 60
    assert min(samples) >= 1


@pytest.mark.parametrize(
    ("exc", "reason"),
    [
        (GitHubCallFailed(404, "GET /repos/o/r -> 404"), "GitHub answered 404"),
        (MissingCommit("commit abc is not in o/r"), "commit abc is not in o/r"),
        (FetchError("too big", permanent=True), "too big"),
        (SoftTimeLimitExceeded(), "took longer than the time limit"),
        (ValueError("bug"), "an internal error (ValueError: bug)"),
    ],
    ids=["github-4xx", "missing-commit", "size-limit", "time-limit", "bug"],
)
def test_permanent_failures_give_up_at_once_with_a_reason(exc: Exception, reason: str) -> None:
    decision = decide(exc, 0, max_retries=8, backoff_max=600)
    assert decision.retry is False
    assert reason in decision.reason
