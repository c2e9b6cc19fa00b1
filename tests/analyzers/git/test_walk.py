"""Rebuilding every commit's file list from one `git log --raw` equals `ls-tree` of that commit."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from analyzers.git.repository import GitRepository, TreeEntry
from analyzers.git.walk import Change, CommitDelta, parse_log, snapshots, walk_history
from tests.analyzers.git.conftest import clone
from tests.support.gitrepo import GitRepo

Opener = Callable[[Path], GitRepository]


def _busy_history(repo: GitRepo) -> None:
    repo.commit("start", {"a.py": "a\n", "pkg/b.py": "b\n", "notes.txt": "n\n"})
    repo.branch("side")
    repo.git("mv", "a.py", "pkg/renamed.py")
    repo.commit("rename", {"c.py": "c\n"})
    (repo.path / "link.py").symlink_to("c.py")
    repo.git("update-index", "--add", "--cacheinfo", f"160000,{repo.head()},vendor/sub")
    repo.git("add", "link.py")
    repo.git("commit", "-q", "-m", "link and submodule")
    repo.checkout("side")
    repo.commit("side work", {"pkg/b.py": "b side\n", "side.py": "s\n"})
    repo.remove("notes.txt")
    repo.commit("delete")
    (repo.path / "side.py").chmod(0o755)
    repo.commit("mode")
    repo.checkout("main")
    repo.git("merge", "-q", "--no-edit", "side")
    repo.commit("after merge", {"pkg/b.py": "b merged\n"})
    repo.git("checkout", "-q", "--orphan", "island")
    repo.git("rm", "-q", "-r", "--cached", ".")
    repo.commit("unrelated root", {"other.py": "o\n"})
    repo.checkout("main")


def _comparable(entries: dict[str, TreeEntry]) -> dict[str, tuple[str, str]]:
    return {path: (entry.mode, entry.oid) for path, entry in entries.items()}


def test_every_snapshot_equals_ls_tree(repo: GitRepo, open_repo: Opener) -> None:
    _busy_history(repo)
    repository = open_repo(repo.path)
    commits = walk_history(repository)
    assert len(commits) == int(repo.git("rev-list", "--all", "--count"))
    position = {c.sha: i for i, c in enumerate(commits)}
    assert all(position[p] < position[c.sha] for c in commits for p in c.parents)
    for commit, state in snapshots(commits):
        assert _comparable(state) == _comparable(repository.tree_entries(commit.sha)), commit


def test_a_shallow_clone_starts_from_its_boundary(
    repo: GitRepo, open_repo: Opener, tmp_path: Path
) -> None:
    _busy_history(repo)
    shallow = open_repo(clone(repo, tmp_path / "shallow", "--depth", "2", "--no-single-branch"))
    commits = walk_history(shallow)
    boundary = set(shallow.shallow_boundary())
    assert boundary
    assert {c.sha for c in commits if not c.parents} >= boundary
    for commit, state in snapshots(commits):
        assert _comparable(state) == _comparable(shallow.tree_entries(commit.sha))


def test_an_empty_repository_has_no_commits(repo: GitRepo, open_repo: Opener) -> None:
    assert walk_history(open_repo(repo.path)) == []


def test_parse_log_reads_renames_and_odd_paths() -> None:
    z = "0" * 40
    a, b = "a" * 40, "b" * 40
    raw = (
        f"\x01{a} \0\n:000000 100644 {z} {b} A\0we\x01ird\npath.py\0"
        f"\x01{b} {a}\0\n:100644 100644 {b} {b} R100\0we\x01ird\npath.py\0new.py\0"
        f"\x01{'c' * 40} {b}\0\n"
    ).encode()
    assert parse_log(raw) == [
        CommitDelta(a, (), (Change("A", "we\x01ird\npath.py", None, "000000", "100644", z, b),)),
        CommitDelta(
            b, (a,), (Change("R", "new.py", "we\x01ird\npath.py", "100644", "100644", b, b),)
        ),
        CommitDelta("c" * 40, (b,), ()),
    ]
