"""Base versus head (a pull request): the diff section, and re-analysis of only what changed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from analyzers.audit import AuditOptions
from analyzers.files.parsing import parse_count
from analyzers.git.api import audit_commit, audit_commits
from analyzers.git.repository import GitRepository, RefError
from tests.analyzers.git.scenarios import (
    AFFECTED,
    CALLER,
    FIXED,
    ONE_CHECKPOINT,
    TWO_CHECKPOINTS,
    assert_rows_are_the_analyzers,
    git_view,
)
from tests.support.gitrepo import GitRepo

Opener = Callable[[Path], GitRepository]
MODULES = {f"lib/m{i:02d}.py": f"def f{i}(x):\n    return x + {i}\n" for i in range(30)}


def _pull_request(repo: GitRepo) -> tuple[str, str]:
    """A base and a head where only the shared helper and one driver change."""
    base = repo.commit(
        "base",
        {
            "caller.py": CALLER,
            "tools/ckpts.py": ONE_CHECKPOINT,
            "legacy.py": AFFECTED,
            "old.py": AFFECTED,
            "keep.py": FIXED,
            **MODULES,
        },
    )
    repo.branch("feature")
    repo.checkout("feature")
    repo.commit("two checkpoints", {"tools/ckpts.py": TWO_CHECKPOINTS})
    head = repo.commit("fix old.py", {"old.py": FIXED})
    return base, head


def test_a_helper_change_turns_an_unchanged_caller_affected(
    repo: GitRepo, open_repo: Opener
) -> None:
    base, head = _pull_request(repo)
    repository = open_repo(repo.path)
    report = audit_commits(repository, "main", "feature", label="repo")
    view = git_view(report)
    assert view["commit"] == head
    assert view["diff"] == {
        "base": base,
        "head": head,
        "newly_affected": ["caller.py"],
        "resolved": ["old.py"],
        "still_affected": ["legacy.py"],
        "newly_indeterminate": [],
    }
    assert [(row["path"], row["verdict"]) for row in view["drivers"]] == [
        ("caller.py", "Affected"),
        ("keep.py", "Safe-distinct-id"),
        ("legacy.py", "Affected"),
        ("old.py", "Safe-distinct-id"),
    ]
    assert_rows_are_the_analyzers(repository, report)
    before = audit_commit(repository, base)
    assert [(row.path, row.verdict.value) for row in before.drivers] == [
        ("caller.py", "Safe-single-adapter"),
        ("keep.py", "Safe-distinct-id"),
        ("legacy.py", "Affected"),
        ("old.py", "Affected"),
    ]


def test_a_warm_cache_reparses_only_what_the_diff_touched(repo: GitRepo, open_repo: Opener) -> None:
    base, head = _pull_request(repo)
    repository = open_repo(repo.path)

    start = parse_count()
    audit_commit(repository, head, AuditOptions(), cache={})
    cold = parse_count() - start

    cache: dict[str, str] = {}
    audit_commit(repository, base, AuditOptions(), cache=cache)  # the push that made `base`
    start = parse_count()
    audit_commits(repository, base, head, AuditOptions(), cache=cache)
    warm = parse_count() - start

    # Cold: the four drivers and the helper. Warm: the caller (its helper changed), the
    # helper itself, and old.py (changed); legacy.py and keep.py come from the cache.
    assert (cold, warm) == (5, 3)


def test_a_renamed_affected_driver_is_still_affected_not_new(
    repo: GitRepo, open_repo: Opener
) -> None:
    base = repo.commit("base", {"legacy.py": AFFECTED, "keep.py": FIXED})
    (repo.path / "eval").mkdir()
    repo.git("mv", "legacy.py", "eval/legacy_eval.py")
    head = repo.commit("move it")
    report = audit_commits(open_repo(repo.path), base, head)
    assert git_view(report)["diff"] == {
        "base": base,
        "head": head,
        "newly_affected": [],
        "resolved": [],
        "still_affected": ["eval/legacy_eval.py"],
        "newly_indeterminate": [],
    }


def test_merge_base_compares_against_where_the_branch_started(
    repo: GitRepo, open_repo: Opener
) -> None:
    start = repo.commit("start", {"eval.py": AFFECTED})
    repo.branch("feature")
    repo.commit("fix on main", {"eval.py": FIXED})
    repo.checkout("feature")
    head = repo.commit("unrelated work", {"notes.txt": "n\n"})
    repository = open_repo(repo.path)
    tip = audit_commits(repository, "main", head)
    since = audit_commits(repository, "main", head, merge_base=True)
    assert tip.diff is not None
    assert since.diff is not None
    assert (tip.diff.newly_affected, tip.diff.still_affected) == (["eval.py"], [])
    assert (since.diff.base, since.diff.newly_affected, since.diff.still_affected) == (
        start,
        [],
        ["eval.py"],
    )


def test_unknown_refs_are_ref_errors(repo: GitRepo, open_repo: Opener) -> None:
    repo.commit("start", {"eval.py": AFFECTED})
    repository = open_repo(repo.path)
    with pytest.raises(RefError, match="'nope' names no commit"):
        audit_commits(repository, "nope")
    with pytest.raises(RefError, match="'HEAD~5' names no commit"):
        audit_commits(repository, "main", "HEAD~5")
