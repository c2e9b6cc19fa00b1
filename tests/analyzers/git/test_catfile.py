"""`git cat-file --batch` reads: one process, in step after missing and oversized objects."""

from __future__ import annotations

import pytest

from analyzers.git.catfile import CatFile, GitObject, stream_objects
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


def test_stream_yields_every_object_in_order(repo: GitRepo) -> None:
    repo.commit("files", {f"m{i}.py": f"v = {i}\n" for i in range(50)})
    oids = [_blob(repo, f"m{i}.py") for i in range(50)]
    wanted = [*oids[::-1], MISSING]
    got = list(stream_objects(repo.path / ".git", wanted, max_bytes=1000))
    assert [obj.oid for obj in got] == wanted
    assert [obj.data for obj in got[:-1]] == [f"v = {i}\n".encode() for i in range(49, -1, -1)]
    assert got[-1].missing


def test_stream_can_be_abandoned_half_way(repo: GitRepo) -> None:
    repo.commit("files", {f"m{i}.py": "z\n" * (i + 1) for i in range(20)})
    oids = [_blob(repo, f"m{i}.py") for i in range(20)]
    stream = stream_objects(repo.path / ".git", oids)
    assert next(stream).data == b"z\n"
    stream.close()
    assert [obj.size for obj in stream_objects(repo.path / ".git", oids[:3])] == [2, 4, 6]
