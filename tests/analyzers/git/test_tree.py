"""`GitTree`: a commit as a `SourceTree`, from git objects only."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from analyzers.files.directory import Skip
from analyzers.files.source import SourceError, SourceTree
from analyzers.git.needles import NeedleIndex
from analyzers.git.repository import GitRepository, RefError
from analyzers.git.tree import GitTree
from analyzers.vllm.api import PREFILTER_NEEDLES
from tests.analyzers.git.conftest import clone
from tests.support.gitrepo import GitRepo

LIMIT = 100_000
BIG = "# LoRARequest\n" + "x = 1\n" * (LIMIT // 6 + 1)
DRIVER = "from vllm.lora.request import LoRARequest\nreq = LoRARequest('a', 1, 'ckpt')\n"
ENGINE = "from vllm import LLM\nllm = LLM('m', enable_lora=True)\n"
Opener = Callable[[Path], GitRepository]


def _build(repo: GitRepo) -> str:
    repo.commit(
        "tree",
        {
            "drivers/eval.py": DRIVER,
            "serve.py": ENGINE,
            "util.py": "def f():\n    return 1\n",
            "README.md": "LoRARequest is mentioned here\n",
            "big.py": BIG,
        },
    )
    (repo.path / "linked.py").symlink_to("drivers/eval.py")
    repo.git("add", "linked.py")
    submodule_commit = repo.head()
    repo.git("update-index", "--add", "--cacheinfo", f"160000,{submodule_commit},vendor/lib")
    repo.git("commit", "-q", "-m", "links")  # not commit(): `add -A` would drop the gitlink
    return repo.head()


def test_files_reads_and_blob_ids_come_from_the_commit(repo: GitRepo, open_repo: Opener) -> None:
    sha = _build(repo)
    repo.write("serve.py", "changed in the work tree only\n")
    tree = GitTree(open_repo(repo.path), "HEAD")
    assert isinstance(tree, SourceTree)
    assert tree.commit == sha
    assert tree.label == str(repo.path)
    assert tree.files() == ["README.md", "big.py", "drivers/eval.py", "serve.py", "util.py"]
    assert tree.skipped == [
        Skip("linked.py", "symbolic link; not followed"),
        Skip("vendor/lib", "submodule; its files are not part of this repository"),
    ]
    assert tree.read("serve.py") == ENGINE.encode()
    assert tree.blob_id("drivers/eval.py") == repo.git("rev-parse", "HEAD:drivers/eval.py")


@pytest.mark.parametrize(
    ("path", "why"),
    [
        ("linked.py", "linked.py: a symbolic link; links are not followed"),
        ("vendor/lib", "vendor/lib: a submodule; its files are not part of this repository"),
        ("missing.py", "missing.py: not in commit "),
        ("big.py", f"big.py: too large to read ({len(BIG):,} bytes)"),
    ],
)
def test_what_is_not_a_readable_file_raises_source_error(
    repo: GitRepo, open_repo: Opener, path: str, why: str
) -> None:
    _build(repo)
    tree = GitTree(open_repo(repo.path), "HEAD", max_bytes=LIMIT)
    with pytest.raises(SourceError) as caught:
        tree.read(path)
    assert str(caught.value).startswith(why)


def test_candidates_by_git_grep_and_by_needle_index_agree(repo: GitRepo, open_repo: Opener) -> None:
    _build(repo)
    repository = open_repo(repo.path)
    grep_tree = GitTree(repository, "HEAD")
    expected = ["big.py", "drivers/eval.py", "serve.py"]
    assert grep_tree.candidates(PREFILTER_NEEDLES) == expected
    assert grep_tree.candidates([b"enable_lora"]) == ["serve.py"]
    assert grep_tree.candidates([b"return 1"]) == ["util.py"]
    assert grep_tree.candidates([]) == []

    index = NeedleIndex(repository)
    indexed = GitTree(repository, grep_tree.commit, entries=grep_tree.entries, needle_index=index)
    assert indexed.candidates(PREFILTER_NEEDLES) == expected
    assert indexed.candidates([b"enable_lora"]) == ["serve.py"]
    assert indexed.candidates([b"return 1"]) == ["util.py"]


def test_an_older_commit_and_a_bare_mirror(
    repo: GitRepo, open_repo: Opener, tmp_path: Path
) -> None:
    first = repo.commit("first", {"a.py": DRIVER})
    repo.commit("second", {"a.py": "nothing here\n", "b.py": DRIVER})
    mirror = clone(repo, tmp_path / "mirror.git", "--mirror")
    tree = GitTree(open_repo(mirror), first[:9])
    assert tree.commit == first
    assert tree.files() == ["a.py"]
    assert tree.candidates(PREFILTER_NEEDLES) == ["a.py"]
    assert tree.read("a.py") == DRIVER.encode()


def test_a_path_opens_and_closes_its_own_repository(repo: GitRepo) -> None:
    repo.commit("first", {"a.py": DRIVER})
    with GitTree(repo.path) as tree:
        assert tree.read("a.py") == DRIVER.encode()
    with pytest.raises(RefError, match="'nope' names no commit in this repository"):
        GitTree(repo.path, "nope")
