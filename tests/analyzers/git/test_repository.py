"""Opening repositories, resolving refs, listing branches, finding the default branch."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from analyzers.git.refs import Branch, DefaultBranch
from analyzers.git.repository import GitRepository, NotARepository, RefError
from tests.analyzers.git.ambiguity import ambiguous_commits
from tests.analyzers.git.conftest import clone
from tests.support.gitrepo import GitRepo, git

Opener = Callable[[Path], GitRepository]


def test_only_the_top_of_a_repository_is_a_repository(repo: GitRepo, tmp_path: Path) -> None:
    repo.commit("one", {"pkg/a.py": "x = 1\n"})
    with pytest.raises(NotARepository, match="is not a git repository"):
        GitRepository(repo.path / "pkg")
    plain = tmp_path / "plain"
    plain.mkdir()
    with pytest.raises(NotARepository, match="plain is not a git repository: no repository here"):
        GitRepository(plain)
    with pytest.raises(NotARepository, match="no such directory"):
        GitRepository(tmp_path / "absent")
    mirror = clone(repo, tmp_path / "m.git", "--mirror")
    with pytest.raises(NotARepository, match="refs is not a git repository: no repository here"):
        GitRepository(mirror / "refs")
    with GitRepository(mirror) as bare, GitRepository(repo.path) as work:
        assert (bare.bare, bare.git_dir) == (True, mirror.resolve())
        assert (work.bare, work.git_dir) == (False, (repo.path / ".git").resolve())


def test_resolve_names_the_problem(repo: GitRepo, open_repo: Opener) -> None:
    sha = repo.commit("one", {"a.py": "x = 1\n"})
    repository = open_repo(repo.path)
    assert repository.resolve("main") == sha
    assert repository.resolve(sha[:7]) == sha
    with pytest.raises(RefError) as unknown:
        repository.resolve("feedfacefeedface")
    assert (str(unknown.value), unknown.value.matches) == (
        "'feedfacefeedface' names no commit in this repository",
        [],
    )
    blob = repo.git("rev-parse", "HEAD:a.py")
    with pytest.raises(RefError, match="names no commit"):
        repository.resolve(blob)
    with pytest.raises(RefError, match="names no commit"):
        repository.resolve("--all")


def test_an_ambiguous_short_sha_lists_its_commits(repo: GitRepo, open_repo: Opener) -> None:
    prefix, shas = ambiguous_commits(repo)
    repository = open_repo(repo.path)
    with pytest.raises(RefError) as caught:
        repository.resolve(prefix)
    assert caught.value.why == "is ambiguous: it matches 2 commits"
    assert caught.value.matches == shas
    assert repository.resolve(shas[0][:12]) == shas[0]


def _two_branches(repo: GitRepo) -> tuple[str, str]:
    main = repo.commit("one", {"a.py": "x = 1\n"})
    repo.branch("feature")
    repo.checkout("feature")
    feature = repo.commit("two", {"b.py": "y = 1\n"})
    repo.checkout("main")
    return main, feature


def test_branches_and_default_in_a_work_repository(repo: GitRepo, open_repo: Opener) -> None:
    main, feature = _two_branches(repo)
    repository = open_repo(repo.path)
    assert repository.branches() == [
        Branch("feature", "refs/heads/feature", feature),
        Branch("main", "refs/heads/main", main),
    ]
    assert repository.default_branch() == DefaultBranch("main", main, "HEAD")
    repo.checkout("feature")
    assert repository.default_branch() == DefaultBranch("feature", feature, "HEAD")


def test_a_clone_uses_origin_head(repo: GitRepo, open_repo: Opener, tmp_path: Path) -> None:
    main, feature = _two_branches(repo)
    work = clone(repo, tmp_path / "clone")
    git(work, "checkout", "-q", "feature")
    repository = open_repo(work)
    assert repository.branches() == [
        Branch("feature", "refs/heads/feature", feature),
        Branch("main", "refs/heads/main", main),
        Branch("origin/feature", "refs/remotes/origin/feature", feature),
        Branch("origin/main", "refs/remotes/origin/main", main),
    ]
    assert repository.default_branch() == DefaultBranch("origin/main", main, "origin/HEAD")


def test_a_bare_mirror_uses_its_head(repo: GitRepo, open_repo: Opener, tmp_path: Path) -> None:
    main, _ = _two_branches(repo)
    repository = open_repo(clone(repo, tmp_path / "m.git", "--mirror"))
    assert [b.name for b in repository.branches()] == ["feature", "main"]
    assert repository.default_branch() == DefaultBranch("main", main, "HEAD")


def test_detached_and_empty(repo: GitRepo, open_repo: Opener, tmp_path: Path) -> None:
    empty = open_repo(repo.path)
    assert (empty.head(), empty.default_branch(), empty.branches()) == (None, None, [])
    main, feature = _two_branches(repo)
    repo.checkout(feature)
    assert empty.default_branch() == DefaultBranch("main", main, "fallback")
    repo.git("branch", "-m", "main", "trunk")
    assert empty.default_branch() == DefaultBranch("HEAD", feature, "detached")
