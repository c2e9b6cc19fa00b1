"""In-memory state of the GitHub stand-in: what the app created, and what tests seeded."""

from __future__ import annotations

import itertools
import re
import threading
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any


def now_iso() -> str:
    """GitHub's timestamp format, which githubkit parses strictly for tokens."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass
class User:
    login: str
    id: int
    type: str = "User"  # "User" or "Bot"


@dataclass
class Installation:
    id: int
    account: str


@dataclass
class Repo:
    owner: str
    name: str
    id: int
    installation_id: int
    private: bool = False
    default_branch: str = "main"

    @property
    def full_name(self) -> str:
        return f"{self.owner}/{self.name}"


@dataclass
class CheckRun:
    id: int
    repo: str
    name: str
    head_sha: str
    app_id: int
    status: str = "queued"
    conclusion: str | None = None
    external_id: str | None = None
    details_url: str | None = None
    started_at: str | None = None
    completed_at: str | None = None
    title: str | None = None
    summary: str | None = None
    text: str | None = None
    annotations: list[dict[str, Any]] = field(default_factory=list)
    updates: int = 0  # PATCH calls that changed it


@dataclass
class Reaction:
    id: int
    content: str
    user: User


@dataclass
class Comment:
    id: int
    repo: str
    issue_number: int
    body: str
    user: User
    created_at: str = field(default_factory=now_iso)
    updated_at: str = field(default_factory=now_iso)
    via_app: bool = False
    reactions: list[Reaction] = field(default_factory=list)
    edits: int = 0


@dataclass
class Issue:
    """An issue, or the issue side of a pull request (`pull` is set then)."""

    number: int
    id: int
    repo: str
    title: str
    body: str | None
    user: User
    labels: list[str] = field(default_factory=list)
    state: str = "open"
    state_reason: str | None = None
    created_at: str = field(default_factory=now_iso)
    updated_at: str = field(default_factory=now_iso)
    closed_at: str | None = None
    pull: PullRequest | None = None
    edits: int = 0


@dataclass
class PullRequest:
    number: int
    repo: str
    head_sha: str
    head_ref: str
    base_sha: str
    base_ref: str
    # path -> the head-side line ranges (first, last) of each hunk of the pull request's diff, as
    # GitHub shows it (3 lines of context): a review comment must land inside one. None: unknown,
    # every line is accepted.
    hunks: dict[str, list[tuple[int, int]]] | None = None


@dataclass
class ReviewComment:
    """A comment on lines of a pull request's diff (a suggested change is one)."""

    id: int
    repo: str
    pull_number: int
    body: str
    user: User
    commit_id: str
    path: str
    line: int
    side: str
    start_line: int | None = None
    start_side: str | None = None
    created_at: str = field(default_factory=now_iso)
    updated_at: str = field(default_factory=now_iso)


@dataclass
class Delivery:
    id: int
    guid: str
    event: str
    action: str | None
    status_code: int
    installation_id: int | None
    repository_id: int | None
    delivered_at: str = field(default_factory=now_iso)
    redelivery: bool = False


@dataclass
class Token:
    value: str
    installation_id: int
    expires_at: str
    revoked: bool = False


@dataclass
class Call:
    """One request the stand-in answered, for assertions on what the client did."""

    method: str
    path: str
    query: str
    status: int
    auth: str  # "jwt", "token", "none" or "invalid"
    body: Any = None
    injected: bool = False


@dataclass
class Failure:
    """Answer the next `remaining` matching requests with `status` instead of serving them."""

    status: int
    remaining: int
    body: dict[str, Any]
    headers: dict[str, str]
    method: str | None = None
    path: re.Pattern[str] | None = None
    skip: int = 0  # let this many matching requests through first
    applied: bool = False  # serve the request (its change takes effect), then answer the failure

    def matches(self, method: str, path: str) -> bool:
        if self.remaining <= 0:
            return False
        if self.method is not None and self.method != method:
            return False
        return self.path is None or self.path.search(path) is not None


@dataclass
class ManifestPost:
    """A manifest posted to `settings/apps/new` (by a browser) and the code GitHub answered with."""

    manifest: dict[str, Any]
    organization: str | None
    state: str | None
    code: str
    converted: bool = False


@dataclass
class State:
    """Everything the stand-in knows. Guard every access with `lock`."""

    app_id: int
    app_slug: str
    private_pem: str = ""  # the App's key, handed out once by a manifest conversion
    token_lifetime: int = 3600  # seconds an installation token lives
    hook_url: str | None = None  # where deliveries and redeliveries are posted
    hook_secret: str | None = None
    lock: threading.RLock = field(default_factory=threading.RLock)
    users: dict[str, User] = field(default_factory=dict)
    installations: dict[int, Installation] = field(default_factory=dict)
    repos: dict[str, Repo] = field(default_factory=dict)  # by lower-case full name
    permissions: dict[tuple[str, str], str] = field(default_factory=dict)  # (repo, login)
    check_runs: dict[int, CheckRun] = field(default_factory=dict)
    issues: dict[tuple[str, int], Issue] = field(default_factory=dict)
    comments: dict[int, Comment] = field(default_factory=dict)
    review_comments: dict[int, ReviewComment] = field(default_factory=dict)
    deliveries: dict[int, Delivery] = field(default_factory=dict)
    redelivered: list[int] = field(default_factory=list)
    payloads: dict[str, tuple[str, bytes]] = field(default_factory=dict)  # guid -> (event, body)
    tokens: dict[str, Token] = field(default_factory=dict)
    calls: list[Call] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    manifests: dict[str, ManifestPost] = field(default_factory=dict)  # by code
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1001))

    def next_id(self) -> int:
        return next(self._ids)

    @property
    def bot(self) -> User:
        return self.user(f"{self.app_slug}[bot]", kind="Bot")

    def user(self, login: str, kind: str = "User") -> User:
        if login not in self.users:
            self.users[login] = User(login=login, id=self.next_id(), type=kind)
        return self.users[login]

    def repo(self, full_name: str) -> Repo | None:
        return self.repos.get(full_name.lower())

    def next_issue_number(self, repo: str) -> int:
        numbers = [number for (name, number) in self.issues if name == repo]
        return max(numbers, default=0) + 1

    def take_failure(self, method: str, path: str) -> Failure | None:
        for failure in self.failures:
            if failure.matches(method, path):
                if failure.skip > 0:
                    failure.skip -= 1
                    continue
                failure.remaining -= 1
                return failure
        return None
