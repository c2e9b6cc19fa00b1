"""A folder on disk as a `SourceTree`: git-aware listing and search, never following a link.

Inside a git work tree the file list is `git ls-files --cached --others --exclude-standard`
(so .gitignore is honoured) and the byte prefilter is `git grep`; elsewhere a plain walk and an
in-process search. `commit` is HEAD's sha only when nothing under the root differs from HEAD:
evidence `path:line@sha` must never cite a commit whose line is not the one analysed.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from analyzers.source import SourceError

SKIP_DIRS = frozenset(
    {".git", ".venv", "venv", "node_modules", "site-packages", "__pycache__", ".tox"}
)
# Larger files are never read at all; the parser has its own, smaller limit.
READ_LIMIT = 64 * 1024 * 1024
_GIT_TIMEOUT = 120


@dataclass(frozen=True)
class Skip:
    """A path the tree did not offer, and why."""

    path: str
    why: str


def _git(root: Path, *args: str) -> subprocess.CompletedProcess[bytes] | None:
    """Run git in `root`; None when git is missing or fails to start."""
    env = {**os.environ, "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C"}
    try:
        return subprocess.run(
            ["git", *args],
            cwd=root,
            capture_output=True,
            timeout=_GIT_TIMEOUT,
            check=False,
            env=env,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None


class DirectoryTree:
    """Implements `analyzers.source.SourceTree` for a folder on disk."""

    def __init__(self, root: str | Path, *, label: str | None = None) -> None:
        self.root = Path(root)
        self._label = label if label is not None else str(root)
        self._skipped: list[Skip] = []
        self._blob_ids: dict[str, str] = {}

    @property
    def label(self) -> str:
        return self._label

    @cached_property
    def _in_git(self) -> bool:
        result = _git(self.root, "rev-parse", "--is-inside-work-tree")
        return result is not None and result.returncode == 0 and result.stdout.strip() == b"true"

    @property
    def commit(self) -> str | None:
        """HEAD's sha when the work tree under the root is clean, else None."""
        return self._clean_head

    @cached_property
    def _clean_head(self) -> str | None:
        if not self._in_git:
            return None
        head = _git(self.root, "rev-parse", "--verify", "-q", "HEAD")
        if head is None or head.returncode != 0:
            return None  # no commit yet
        status = _git(self.root, "status", "--porcelain", "-z", "--untracked-files=all", "--", ".")
        if status is None or status.returncode != 0 or status.stdout.strip(b"\0"):
            return None
        return head.stdout.decode().strip()

    @property
    def skipped(self) -> Sequence[Skip]:
        """Paths left out of `files()` (links, unreadable entries), with the reason."""
        self._file_set  # noqa: B018 - listing fills the list
        return list(self._skipped)

    def files(self) -> Sequence[str]:
        return self._file_list

    @cached_property
    def _file_list(self) -> list[str]:
        listed = self._git_files() if self._in_git else None
        paths = listed if listed is not None else self._walk()
        return sorted(paths)

    @cached_property
    def _file_set(self) -> frozenset[str]:
        return frozenset(self._file_list)

    def _keep(self, rel: str) -> bool:
        """A listed path is offered only when it is a regular file outside the skipped folders."""
        parts = rel.split("/")
        if any(part in SKIP_DIRS for part in parts[:-1]):
            return False
        try:
            info = os.lstat(self.root / rel)
        except OSError:
            return False  # deleted in the work tree but still in the index
        if stat.S_ISLNK(info.st_mode):
            self._skipped.append(Skip(rel, "symbolic link; not followed"))
            return False
        return stat.S_ISREG(info.st_mode)

    def _git_files(self) -> list[str] | None:
        result = _git(self.root, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
        if result is None or result.returncode != 0:
            return None
        names = {name.decode("utf-8", "surrogateescape") for name in result.stdout.split(b"\0")}
        return [name for name in names if name and self._keep(name)]

    def _walk(self) -> list[str]:
        found: list[str] = []
        pending = [""]
        while pending:
            rel_dir = pending.pop()
            try:
                with os.scandir(self.root / rel_dir) as entries:
                    listed = sorted(entries, key=lambda entry: entry.name)
            except OSError as exc:
                self._skipped.append(Skip(rel_dir or ".", f"cannot list: {exc.strerror}"))
                continue
            for entry in listed:
                rel = f"{rel_dir}/{entry.name}" if rel_dir else entry.name
                if entry.is_symlink():
                    self._skipped.append(Skip(rel, "symbolic link; not followed"))
                elif entry.is_dir(follow_symlinks=False):
                    if entry.name not in SKIP_DIRS:
                        pending.append(rel)
                elif entry.is_file(follow_symlinks=False):
                    found.append(rel)
        return found

    def _resolve(self, path: str) -> Path:
        if path not in self._file_set:
            raise SourceError(path, "not a regular file in this tree")
        return self.root / path

    def read(self, path: str) -> bytes:
        target = self._resolve(path)
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)
        try:
            fd = os.open(target, flags)
        except OSError as exc:
            raise SourceError(path, f"cannot open: {exc.strerror}") from exc
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise SourceError(path, "not a regular file")
            if info.st_size > READ_LIMIT:
                raise SourceError(path, f"too large to read ({info.st_size:,} bytes)")
            data = handle.read(READ_LIMIT + 1)
        self._blob_ids[path] = _git_blob_sha(data)
        return data

    def blob_id(self, path: str) -> str:
        """The git blob sha of the current bytes (equal to git's for a clean file)."""
        known = self._blob_ids.get(path)
        return known if known is not None else _git_blob_sha(self.read(path))

    def candidates(self, needles: Sequence[bytes]) -> Sequence[str]:
        if not needles:
            return []
        found = self._git_grep(needles) if self._in_git else None
        if found is None:
            found = self._scan(needles)
        return sorted(path for path in found if path in self._file_set)

    def _git_grep(self, needles: Sequence[bytes]) -> set[str] | None:
        args = ["grep", "-l", "-z", "-F", "--untracked", "--no-color"]
        for needle in needles:
            args += ["-e", needle.decode("utf-8", "surrogateescape")]
        result = _git(self.root, *args, "--", "*.py")
        if result is None or result.returncode not in (0, 1):
            return None
        return {
            name.decode("utf-8", "surrogateescape") for name in result.stdout.split(b"\0") if name
        }

    def _scan(self, needles: Sequence[bytes]) -> set[str]:
        pattern = re.compile(b"|".join(re.escape(needle) for needle in needles))
        found: set[str] = set()
        for path in self._file_list:
            if not path.endswith(".py"):
                continue
            try:
                data = self.read(path)
            except SourceError as exc:
                self._skipped.append(Skip(path, exc.why))
                continue
            if pattern.search(data):
                found.add(path)
        return found


def _git_blob_sha(data: bytes) -> str:
    digest = hashlib.sha1(f"blob {len(data)}\0".encode(), usedforsecurity=False)
    digest.update(data)
    return digest.hexdigest()
