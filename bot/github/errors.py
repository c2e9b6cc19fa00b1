"""GitHub failures as the workers need them: retry later (with a countdown) or give up."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import redis
from githubkit.exception import (
    GitHubException,
    RateLimitExceeded,
    RequestError,
    RequestFailed,
    RequestTimeout,
)

# GitHub asks clients to wait at least a minute after a secondary rate limit with no Retry-After.
# https://docs.github.com/rest/using-the-rest-api/best-practices-for-using-the-rest-api
SECONDARY_LIMIT_COUNTDOWN = 60.0
SERVER_ERROR_COUNTDOWN = 10.0  # a 5xx without Retry-After: try again soon, the task backs off
NETWORK_ERROR_COUNTDOWN = 10.0
MIN_COUNTDOWN = 1.0  # a zero wait would hammer GitHub (and githubkit reads 0 as "no value")
REDIS_DOWN_COUNTDOWN = 15.0


class GitHubError(Exception):
    """Base of the GitHub layer's errors."""


class RetryLater(GitHubError):
    """Transient: the Celery task should `self.retry(countdown=exc.countdown)`, never sleep."""

    def __init__(self, countdown: float, reason: str) -> None:
        super().__init__(countdown, reason)
        self.countdown = max(float(countdown), MIN_COUNTDOWN)
        self.reason = reason

    def __str__(self) -> str:
        return f"retry in {self.countdown:.0f}s: {self.reason}"


class GitHubCallFailed(GitHubError):
    """Permanent for this request (404, 422, missing permission, ...): retrying will not help."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(status, message)
        self.status = status
        self.message = message

    def __str__(self) -> str:
        return f"GitHub answered {self.status}: {self.message}"


def _header_seconds(headers: Any, name: str) -> float | None:
    try:
        return float(headers[name]) if name in headers else None
    except ValueError:
        return None


def _describe(exc: RequestFailed) -> str:
    request = exc.request
    response = exc.response
    try:
        body = response.raw_response.json()
        message = str(body.get("message", "")) if isinstance(body, dict) else ""
    except ValueError:
        message = ""
    where = f"{request.method} {request.url.path}"
    return f"{where} -> {response.status_code}" + (f": {message}" if message else "")


def foreign(exc: GitHubException) -> BaseException | None:
    """What githubkit wrapped as a RequestError that is no network failure at all (it wraps
    every exception): a worker's soft time limit, say, must reach the task as it is, not be
    retried as "cannot reach GitHub"."""
    if isinstance(exc, RequestError) and not isinstance(exc.exc, httpx.HTTPError | OSError):
        inner: BaseException = exc.exc
        return inner
    return None


def translate(exc: GitHubException) -> GitHubError:
    """Map a githubkit exception (auto_retry=False) to RetryLater or GitHubCallFailed."""
    if isinstance(exc, RateLimitExceeded):
        # githubkit already read Retry-After, or x-ratelimit-reset minus now.
        return RetryLater(exc.retry_after.total_seconds(), f"rate limited: {_describe(exc)}")
    if isinstance(exc, RequestFailed):
        status = exc.response.status_code
        headers = exc.response.headers
        retry_after = _header_seconds(headers, "retry-after")
        description = _describe(exc)
        if status >= 500:
            countdown = retry_after if retry_after is not None else SERVER_ERROR_COUNTDOWN
            return RetryLater(countdown, f"GitHub server error: {description}")
        if status == 429 or (status == 403 and "secondary rate limit" in description.lower()):
            countdown = retry_after if retry_after is not None else SECONDARY_LIMIT_COUNTDOWN
            return RetryLater(countdown, f"rate limited: {description}")
        return GitHubCallFailed(status, description)
    if isinstance(exc, RequestTimeout):
        return RetryLater(NETWORK_ERROR_COUNTDOWN, f"GitHub did not answer in time: {exc!r}")
    if isinstance(exc, RequestError):
        return RetryLater(NETWORK_ERROR_COUNTDOWN, f"cannot reach GitHub: {exc.exc!r}")
    return GitHubCallFailed(0, repr(exc))


@contextmanager
def redis_retry(what: str) -> Iterator[None]:
    """Redis (tokens, locks, progress) unreachable: a transient failure like any other."""
    try:
        yield
    except redis.RedisError as exc:
        raise RetryLater(REDIS_DOWN_COUNTDOWN, f"Redis unavailable ({what}): {exc}") from exc
