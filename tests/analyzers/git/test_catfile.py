"""`git cat-file --batch` reads: one process, in step after missing and oversized objects."""

from __future__ import annotations

import pytest

from analyzers.git.catfile import CatFile, GitObject
from tests.support.gitrepo import GitRepo

MISSING = "0123456789abcdef0123456789abcdef01234567"


def _blob(repo: GitRepo, path: str) -> str:
    return repo.git("rev-parse", f"HEAD:{path}")


def test_reads_stay_in_step_across_missing_and_oversized_objects(repo: GitRepo) -> None:
    repo.commit("files", {"small.py": "x = 1\n", "big.py": "y = 2\n" * 100})
    small, big = _blob(repo, "small.py"), _blob(repo, "big.py")
    with CatFile(repo.path / ".git") as catfile:
        assert catfile.read(small) == GitObject(small, "blob", 6, b"x = 1\n")
        assert catfile.read(MISSING) == GitObject(MISSING, None, 0, None)
        assert catfile.read(big, max_bytes=10) == GitObject(big, "blob", 600, None)
        assert catfile.read(big) == GitObject(big, "blob", 600, b"y = 2\n" * 100)
        assert catfile.read(small).data == b"x = 1\n"


def test_only_full_object_ids_are_sent(repo: GitRepo) -> None:
    repo.commit("files", {"a.py": "x\n"})
    with CatFile(repo.path / ".git") as catfile:
        for bad in ("HEAD", "abc", f"{MISSING}\nHEAD", MISSING.upper()):
            with pytest.raises(ValueError, match="not a full object id"):
                catfile.read(bad)
