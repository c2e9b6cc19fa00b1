"""Reusing a parent's audit is exact: whenever it is allowed, every answer would be the same."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from analyzers.files.source import SourceError, SourceTree
from analyzers.git.deps import Dependencies, RecordingTree
from analyzers.git.needles import NeedleIndex
from analyzers.git.repository import GitRepository
from analyzers.git.tree import GitTree
from analyzers.git.walk import snapshots, walk_history
from analyzers.vllm.api import PREFILTER_NEEDLES
from tests.support.gitrepo import GitRepo

Opener = Callable[[Path], GitRepository]
DRIVER = "from helpers import ckpt\nfrom vllm.lora.request import LoRARequest\n"


def _probe(tree: SourceTree, *, list_files: bool) -> list[object]:
    """Questions shaped like an audit's: candidates, their bytes, a helper, maybe the listing."""
    answers: list[object] = []
    found = tree.candidates(PREFILTER_NEEDLES)
    answers.append(list(found))
    for path in found:
        answers.append(tree.read(path))
    try:
        answers.append(tree.blob_id("helpers.py"))
    except SourceError as exc:
        answers.append(str(exc))
    if list_files:
        answers.append(list(tree.files()))
    return answers


def _history(repo: GitRepo) -> None:
    repo.commit("start", {"drive.py": DRIVER, "helpers.py": "ckpt = 'a'\n", "other.py": "o\n"})
    repo.commit("unrelated edit", {"other.py": "o2\n"})
    repo.commit("helper edit", {"helpers.py": "ckpt = 'b'\n"})
    repo.commit("new plain file", {"new.py": "n\n"})
    repo.commit("plain file becomes a candidate", {"other.py": "LoRARequest\n"})
    repo.commit("candidate edit", {"other.py": "LoRARequest  # again\n"})
    repo.commit("docs", {"README.md": "LoRARequest\n"})
    repo.remove("helpers.py")
    repo.commit("helper deleted")
    repo.git("mv", "other.py", "moved.py")
    repo.commit("candidate renamed")


@pytest.mark.parametrize("list_files", [False, True])
def test_reuse_is_allowed_only_when_all_answers_agree(
    repo: GitRepo, open_repo: Opener, list_files: bool
) -> None:
    _history(repo)
    repository = open_repo(repo.path)
    index = NeedleIndex(repository)
    commits = walk_history(repository)
    previous: tuple[Dependencies, list[object]] | None = None
    reused: list[str] = []
    for commit, state in snapshots(commits):
        tree = GitTree(repository, commit.sha, entries=dict(state), needle_index=index)
        recorder = RecordingTree(tree)
        answers = _probe(recorder, list_files=list_files)
        if previous is not None and previous[0].unchanged_by(commit.changes, index.matches):
            assert answers == previous[1], f"reuse allowed at {commit.sha} but answers differ"
            reused.append(repo.git("log", "-1", "--format=%s", commit.sha))
        previous = recorder.dependencies(), answers
    # A new file changes the listing; a README is no .py file, so it never changes candidates.
    expected = ["unrelated edit"] if list_files else ["unrelated edit", "new plain file", "docs"]
    assert reused == expected
