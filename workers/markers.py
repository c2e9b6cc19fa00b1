"""Redis markers that make tasks idempotent: a step done once is skipped when the task runs again.

A task can run twice: Celery redelivers it when its worker died (acks_late), GitHub sends both
`pull_request` and `check_suite` for one head commit, and operators redeliver webhooks. Each
step that posts something records it here, keyed by (repository, commit, step), after it
succeeded; a second run finds the marker and does not post again.
"""

from __future__ import annotations

import redis

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

    def claim(self, repo: str, sha: str, step: str, *, ttl: int) -> bool:
        """Take the step for `ttl` seconds; False when someone else holds or finished it."""
        return bool(self.client.set(self.key(repo, sha, step), "claimed", nx=True, ex=ttl))

    def clear(self, repo: str, sha: str, step: str) -> None:
        self.client.delete(self.key(repo, sha, step))
