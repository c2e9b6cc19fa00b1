"""Real git repositories built by tests, with fixed identities and dates for exact expectations."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

_ENV = {
    "GIT_AUTHOR_NAME": "Test Author",
    "GIT_AUTHOR_EMAIL": "author@example.com",
    "GIT_COMMITTER_NAME": "Test Author",
    "GIT_COMMITTER_EMAIL": "author@example.com",
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_TERMINAL_PROMPT": "0",
}


def git(cwd: Path, *args: str, date: int | None = None) -> str:
    """Run git in `cwd` and return stdout (stripped); raise with both streams on failure."""
    env = {**os.environ, **_ENV}
    if date is not None:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = f"{date} +0000"
    result = subprocess.run(
        ["git", *args], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        raise RuntimeError(
            f"git {' '.join(args)} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}"
        )
    return result.stdout.strip()


class GitRepo:
    """A working repository on branch `main`; each commit gets a later, fixed timestamp."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._clock = 1_700_000_000
        path.mkdir(parents=True, exist_ok=True)
        git(path, "init", "-q", "-b", "main")

    def write(self, relpath: str, text: str) -> Path:
        target = self.path / relpath
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
        return target

    def remove(self, relpath: str) -> None:
        git(self.path, "rm", "-q", relpath)

    def commit(self, message: str, files: dict[str, str] | None = None) -> str:
        """Write `files`, stage everything, commit, and return the full sha."""
        for relpath, text in (files or {}).items():
            self.write(relpath, text)
        git(self.path, "add", "-A")
        self._clock += 60
        git(self.path, "commit", "-q", "--allow-empty", "-m", message, date=self._clock)
        return self.head()

    def head(self) -> str:
        return git(self.path, "rev-parse", "HEAD")

    def branch(self, name: str, start: str = "HEAD") -> None:
        git(self.path, "branch", name, start)

    def checkout(self, ref: str) -> None:
        git(self.path, "checkout", "-q", ref)

    def git(self, *args: str) -> str:
        return git(self.path, *args)
