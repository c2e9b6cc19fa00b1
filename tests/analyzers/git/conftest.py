"""Fixtures for the git-aware audit: real repositories built in temporary folders."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from analyzers.git.repository import GitRepository
from tests.support.gitrepo import GitRepo, git


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    """An empty working repository on branch `main`."""
    return GitRepo(tmp_path / "repo")


@pytest.fixture
def open_repo() -> Iterator[Callable[[Path], GitRepository]]:
    """Open a repository for the test; its cat-file process is ended afterwards."""
    opened: list[GitRepository] = []

    def opener(path: Path) -> GitRepository:
        opened.append(GitRepository(path))
        return opened[-1]

    yield opener
    for repository in opened:
        repository.close()


def clone(source: GitRepo, target: Path, *options: str) -> Path:
    """`git clone <options> file://source target`; returns target."""
    git(target.parent, "clone", "-q", *options, f"file://{source.path}", str(target))
    return target
