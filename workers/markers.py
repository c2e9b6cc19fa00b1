"""Redis markers that make tasks idempotent: a step done once is skipped when the task runs again.

A task can run twice: Celery redelivers it when its worker died (acks_late), GitHub sends both
`pull_request` and `check_suite` for one head commit, and operators redeliver webhooks. Each
step that posts something records it here, keyed by (repository, commit, step), after it
succeeded; a second run finds the marker and does not post again.
"""

from __future__ import annotations

from typing import Literal

import redis
from redis.commands.core import Script

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
        self._begin: Script = client.register_script(_BEGIN)
        self._abandon: Script = client.register_script(_ABANDON)

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
        a retry or a redelivery after a crash; its lifetime is renewed); "busy": another task is
        doing it now; "done": it was finished already. One atomic script, so no other claim can
        slip in between reading the marker and writing it.
        """
        answer = self._begin(keys=[self.key(repo, sha, step)], args=[_RUNNING + owner, ttl, _DONE])
        return _CLAIMS[answer.decode() if isinstance(answer, bytes) else str(answer)]

    def finish(self, repo: str, sha: str, step: str) -> None:
        self.mark(repo, sha, step, _DONE)

    def abandon(self, repo: str, sha: str, step: str, *, owner: str) -> bool:
        """Drop our claim (after giving up), so a later delivery may try again.

        Deletes the marker only while it is still `owner`'s claim, in one atomic script: a claim
        that expired and was taken by another task in the meantime is left alone. True when our
        claim was dropped.
        """
        return bool(self._abandon(keys=[self.key(repo, sha, step)], args=[_RUNNING + owner]))


_CLAIMS: dict[str, Claim] = {"mine": "mine", "busy": "busy", "done": "done"}
# KEYS[1]: the marker; ARGV: our claim value, its ttl in seconds, the done value.
_BEGIN = """
local current = redis.call('GET', KEYS[1])
if not current or current == ARGV[1] then
    redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
    return 'mine'
end
if current == ARGV[3] then return 'done' end
return 'busy'
"""
# KEYS[1]: the marker; ARGV[1]: our claim value. Compare-and-delete.
_ABANDON = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('DEL', KEYS[1])
end
return 0
"""
