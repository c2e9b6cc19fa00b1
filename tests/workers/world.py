"""The world a worker lives in, for tests: GitHub (the stand-in), Redis, and served git repos."""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.standin import GitHubStandIn
from tests.standin.diffs import head_hunks
from tests.support.gitrepo import GitRepo
from tests.workers.remotes import Remotes

INSTALLATION_ID = 77


@dataclass
class World:
    standin: GitHubStandIn
    remotes: Remotes
    redis_url: str
    cache_dir: Path
    git_url_template: str | None = None  # default: the remotes over file://

    def env(self, **extra: str) -> dict[str, str]:
        """`LORA_AUDIT_*` for a worker in this world (test-sized limits)."""
        return {
            **self.standin.env(redis_url=self.redis_url),
            "LORA_AUDIT_GIT_URL_TEMPLATE": self.git_url_template or self.remotes.url_template,
            "LORA_AUDIT_CACHE_DIR": str(self.cache_dir),
            "LORA_AUDIT_TASK_TIME_LIMIT": "60",
            "LORA_AUDIT_VISIBILITY_TIMEOUT": "90",
            "LORA_AUDIT_FETCH_TIMEOUT": "30",
            **extra,
        }

    def repo(
        self, full_name: str, *, installation_id: int = INSTALLATION_ID, private: bool = False
    ) -> GitRepo:
        """A repository known to GitHub and served by the remotes, with its work tree."""
        self.standin.add_repo(full_name, installation_id=installation_id, private=private)
        return self.remotes.create(full_name)

    def push(self, repo: GitRepo, *refspecs: str) -> None:
        self.remotes.push(repo, *refspecs)

    def open_pull(self, full_name: str, repo: GitRepo, branch: str, base: str = "main") -> int:
        """Push `branch` and open a pull request from it into `base` (with its real diff)."""
        self.push(repo, branch, base)
        head, base_sha = repo.git("rev-parse", branch), repo.git("rev-parse", base)
        return self.standin.add_pull_request(
            full_name,
            head_sha=head,
            base_sha=base_sha,
            head_ref=branch,
            base_ref=base,
            hunks=head_hunks(repo, base_sha, head),
        )

    def move_pull_head(self, full_name: str, number: int, head_sha: str) -> None:
        """What GitHub does when a pull request's branch gets a new push."""
        repo = self.remotes.work_repo(full_name)
        base = self.standin.issue(full_name, number).pull
        assert base is not None
        hunks = head_hunks(repo, base.base_sha, head_sha) if repo is not None else None
        self.standin.set_pull_head(full_name, number, head_sha, hunks)


@contextmanager
def environment(values: Mapping[str, str]) -> Iterator[None]:
    """Set these variables (and drop other LORA_AUDIT_* ones) for the block."""
    saved = dict(os.environ)
    for name in [name for name in os.environ if name.startswith("LORA_AUDIT_")]:
        del os.environ[name]
    os.environ.update(values)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)
