"""Redis markers that make tasks idempotent: a step done once is skipped when the task runs again.

A task can run twice: Celery redelivers it when its worker died (acks_late), GitHub sends both
`pull_request` and `check_suite` for one head commit, and operators redeliver webhooks. Each
step that posts something records it here, keyed by (repository, commit, step), after it
succeeded; a second run finds the marker and does not post again.
"""

from __future__ import annotations

from typing import Literal

import redis

Claim = Literal["mine", "busy", "done"]
_RUNNING = "running:"
_DONE = "done"

PREFIX = "lora-audit:step"
# Long enough to cover every redelivery and retry, short enough not to grow Redis forever.
DEFAULT_TTL_SECONDS = 30 * 86400


class Markers:
    """Done-markers and small values per (repo, sha, step)."""

    def __init__(self, client: redis.Redis, *, ttl: int = DEFAULT_TTL_SECONDS) -> None:
        self.client = client
        self.ttl = ttl

    @staticmethod
    def key(repo: str, sha: str, step: str) -> str:
        return f"{PREFIX}:{repo.lower()}:{sha}:{step}"

    def get(self, repo: str, sha: str, step: str) -> str | None:
        value = self.client.get(self.key(repo, sha, step))
        if value is None:
            return None
        return value.decode() if isinstance(value, bytes) else str(value)

    def done(self, repo: str, sha: str, step: str) -> bool:
        return self.get(repo, sha, step) is not None

    def mark(self, repo: str, sha: str, step: str, value: str = "1") -> None:
        self.client.set(self.key(repo, sha, step), value, ex=self.ttl)

    def begin(self, repo: str, sha: str, step: str, *, owner: str, ttl: int) -> Claim:
        """Claim a step for `owner` (a Celery task id) for `ttl` seconds.

        "mine": go ahead (a fresh claim, or our own from an earlier attempt of the same task:
        a retry or a redelivery after a crash); "busy": another task is doing it now; "done":
        it was finished already.
        """
        key = self.key(repo, sha, step)
        if self.client.set(key, _RUNNING + owner, nx=True, ex=ttl):
            return "mine"
        current = self.get(repo, sha, step)
        if current == _RUNNING + owner:
            return "mine"
        if current is None:  # expired between the two calls: try once more
            return "mine" if self.client.set(key, _RUNNING + owner, nx=True, ex=ttl) else "busy"
        return "done" if current == _DONE else "busy"

    def finish(self, repo: str, sha: str, step: str) -> None:
        self.mark(repo, sha, step, _DONE)

    def abandon(self, repo: str, sha: str, step: str, *, owner: str) -> None:
        """Drop our claim (after giving up), so a later delivery may try again."""
        if self.get(repo, sha, step) == _RUNNING + owner:
            self.client.delete(self.key(repo, sha, step))
