"""Per-repository access as an installation: the shared plumbing and the read-only operations."""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, TypeVar

import redis
from redis.exceptions import LockError

from bot.github.errors import GitHubCallFailed, RetryLater, redis_retry
from bot.github.types import PullInfo, RepoInfo

if TYPE_CHECKING:
    from bot.github.client import GitHubApp, InstallationClient

T = TypeVar("T")
LOCK_PREFIX = "lora-audit:lock:"
LOCK_KEY = LOCK_PREFIX + "{repo}:{what}"
LOCK_TTL_SECONDS = 120  # longest a find-or-create may hold the lock (a crashed holder frees it)
LOCK_WAIT_SECONDS = 20.0
WRITE_ROLES = frozenset({"admin", "maintain", "write"})


def process_prefix(pid: int | None = None) -> str:
    """What the locks (and ledger leases) this process takes start with: a worker's main process
    can free them when this process dies mid-call (workers/requests.py)."""
    return f"{socket.gethostname()}:{pid or os.getpid()}:"


# KEYS: none. ARGV: the prefix, the lock key pattern. Locks of a dead process, found by SCAN.
_RELEASE_LOCKS = """
local released = 0
local cursor = '0'
repeat
    local found = redis.call('SCAN', cursor, 'MATCH', ARGV[2], 'COUNT', 500)
    cursor = found[1]
    for _, key in ipairs(found[2]) do
        local value = redis.call('GET', key)
        if value and string.sub(value, 1, string.len(ARGV[1])) == ARGV[1] then
            redis.call('DEL', key)
            released = released + 1
        end
    end
until cursor == '0'
return released
"""


def release_locks_of(client: redis.Redis, prefix: str) -> int:
    """Delete every find-or-create lock whose token starts with `prefix` (a dead process's)."""
    return int(client.eval(_RELEASE_LOCKS, 0, prefix, LOCK_PREFIX + "*"))


def dead_holders(tokens: list[str]) -> set[str]:
    """The `host:pid:` prefixes among `tokens` of processes of this host that no longer run."""
    host = socket.gethostname()
    dead = set()
    for token in tokens:
        name, _, rest = token.partition(":")
        pid, _, _ = rest.partition(":")
        if name != host or not pid.isdigit():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            dead.add(f"{name}:{pid}:")
        except PermissionError:
            pass  # alive, someone else's
    return dead


def lock_tokens(client: redis.Redis) -> list[str]:
    tokens = []
    for key in client.scan_iter(match=LOCK_PREFIX + "*", count=500):
        value = client.get(key)
        if value is not None:
            tokens.append(value.decode() if isinstance(value, bytes) else str(value))
    return tokens


class RepoClient:
    """One repository as one installation sees it. Every call goes through `_call`."""

    def __init__(self, app: GitHubApp, installation_id: int, full_name: str) -> None:
        owner, _, name = full_name.partition("/")
        if not owner or not name or "/" in name:
            raise ValueError(f"repository must be 'owner/name', got {full_name!r}")
        self.app = app
        self.installation_id = installation_id
        self.owner, self.name = owner, name
        self.full_name = full_name

    def _call(self, operation: Callable[[InstallationClient], T]) -> T:
        return self.app.installation_call(self.installation_id, operation)

    def _is_ours(self, login: str | None) -> bool:
        """Only the App's own bot user counts as the author of a comment or issue we edit."""
        return login is not None and login.lower() == self.app.bot_login().lower()

    @contextmanager
    def _exclusive(self, what: str) -> Iterator[None]:
        """Serialise a find-or-create across worker processes (two events for one head sha)."""
        key = LOCK_KEY.format(repo=self.full_name.lower(), what=what)
        lock = self.app.redis.lock(
            key, timeout=LOCK_TTL_SECONDS, blocking_timeout=LOCK_WAIT_SECONDS
        )
        with redis_retry(f"lock on {what}"):
            acquired = lock.acquire(token=process_prefix() + uuid.uuid4().hex)
        if not acquired:
            raise RetryLater(LOCK_WAIT_SECONDS, f"another worker is updating {what} of {self}")
        try:
            yield
        finally:
            with suppress(LockError, redis.RedisError):  # expired, or Redis went away: TTL frees it
                lock.release()

    def __str__(self) -> str:
        return self.full_name

    # -- read-only operations --------------------------------------------------------------------
    def get_repository(self) -> RepoInfo:
        repo = self._call(lambda gh: gh.rest.repos.get(self.owner, self.name).parsed_data)
        return RepoInfo(repo.full_name, repo.id, repo.default_branch, repo.private)

    def permission_level(self, username: str) -> str:
        """admin, maintain, write, triage, read or none (GitHub's role name when it gives one)."""
        try:
            found = self._call(
                lambda gh: (
                    gh.rest.repos.get_collaborator_permission_level(
                        self.owner, self.name, username
                    ).parsed_data
                )
            )
        except GitHubCallFailed as exc:
            if exc.status == 404:  # not a user, or not visible to us
                return "none"
            raise
        role = found.role_name or ""
        return role if role in WRITE_ROLES | {"triage", "read"} else found.permission

    def has_write_access(self, username: str) -> bool:
        """Whether `username` may run `/audit`: admin, maintain or write."""
        return self.permission_level(username) in WRITE_ROLES

    def get_pull_request(self, number: int) -> PullInfo:
        pull = self._call(lambda gh: gh.rest.pulls.get(self.owner, self.name, number).parsed_data)
        return PullInfo(
            pull.number, pull.state, pull.head.sha, pull.head.ref, pull.base.sha, pull.base.ref
        )

    def find_pull_request_for_commit(self, sha: str) -> PullInfo | None:
        """The open pull request whose head is `sha` (for a check_suite that names none)."""
        pulls = self._call(
            lambda gh: (
                gh.rest.repos.list_pull_requests_associated_with_commit(
                    self.owner, self.name, sha
                ).parsed_data
            )
        )
        for pull in pulls:
            if pull.state == "open" and pull.head.sha == sha:
                return PullInfo(
                    pull.number,
                    pull.state,
                    pull.head.sha,
                    pull.head.ref,
                    pull.base.sha,
                    pull.base.ref,
                )
        return None
