"""`git grep` over many blobs through a throw-away tree: right answers, repository untouched."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from analyzers.files.runner import GitError
from analyzers.git.blobgrep import grep_blobs
from analyzers.git.needles import NeedleIndex
from analyzers.git.repository import GitRepository
from tests.support.gitrepo import GitRepo

Opener = Callable[[Path], GitRepository]
MISSING = "0123456789abcdef0123456789abcdef01234567"


def _objects(repo: GitRepo) -> list[str]:
    listed = repo.git("cat-file", "--batch-all-objects", "--batch-check")
    return sorted(listed.splitlines())


def test_grep_finds_the_blobs_and_writes_nothing(repo: GitRepo, open_repo: Opener) -> None:
    files = {
        "a.py": "from vllm.lora.request import LoRARequest\n",
        "b.py": "import subprocess\n",
        "c.py": "x = 1\n",
        "d.bin": "\0binary\0 enable_lora\n",
    }
    repo.commit("files", files)
    oid = {path: repo.git("rev-parse", f"HEAD:{path}") for path in files}
    before = _objects(repo)
    found = grep_blobs(open_repo(repo.path), list(oid.values()), [b"LoRARequest", b"enable_lora"])
    assert found == {oid["a.py"], oid["d.bin"]}
    assert _objects(repo) == before


def test_a_missing_blob_makes_grep_fail_and_the_index_reads_instead(
    repo: GitRepo, open_repo: Opener
) -> None:
    """A missing blob may hold anything, so it counts as holding every needle (like an oversized
    one): its path stays a candidate and the audit reports it as not read. It used to count as
    holding none, which dropped a driver from a partial mirror's history without a word."""
    repo.commit("files", {"a.py": "LoRARequest\n", "c.py": "x = 1\n"})
    a, c = (repo.git("rev-parse", f"HEAD:{p}") for p in ("a.py", "c.py"))
    repository = open_repo(repo.path)
    with pytest.raises(GitError):
        grep_blobs(repository, [a, MISSING, c], [b"LoRARequest"])
    index = NeedleIndex(repository, [b"LoRARequest", b"subprocess"])
    index.scan([a, MISSING, c])
    assert (index.hits(a), index.hits(MISSING), index.hits(c)) == (
        frozenset({b"LoRARequest"}),
        frozenset({b"LoRARequest", b"subprocess"}),
        frozenset(),
    )
    assert index.data(c) == b"x = 1\n"  # read here, so kept for later reads
