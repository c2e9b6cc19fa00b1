"""`--all-branches`: the drivers at every branch tip, named by branch; clones and bare mirrors."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from analyzers.git.api import audit_branches, audit_history
from analyzers.git.repository import GitRepository
from tests.analyzers.git.conftest import clone
from tests.analyzers.git.scenarios import (
    AFFECTED,
    FIXED,
    assert_rows_are_the_analyzers,
    code_evidence,
    git_view,
    short,
)
from tests.support.gitrepo import GitRepo, git

Opener = Callable[[Path], GitRepository]


def _side_branch(repo: GitRepo) -> tuple[str, str]:
    """main has a safe driver; branch `side` adds an Affected one. Returns (main, side) tips."""
    main = repo.commit("safe driver", {"eval.py": FIXED})
    repo.branch("side")
    repo.checkout("side")
    side = repo.commit("side experiment", {"side_eval.py": AFFECTED})
    repo.checkout("main")
    return main, side


def _tip(path: str, line: int, sha: str, verdict: str, branch: str) -> dict[str, str]:
    return {
        "kind": "history",
        "where": f"{path}:{line}@{short(sha)}",
        "detail": f"{verdict} at the tip of branch {branch}",
    }


def test_an_affected_driver_only_on_a_side_branch(repo: GitRepo, open_repo: Opener) -> None:
    main, side = _side_branch(repo)
    repository = open_repo(repo.path)
    report = audit_branches(repository, label="repo")
    view = git_view(report)
    assert view["commit"] == main
    assert view["drivers"] == [
        {
            "path": "eval.py",
            "line": 6,
            "verdict": "Safe-distinct-id",
            "at_head": True,
            "branches": ["main", "side"],
            "evidence": [
                *code_evidence("eval.py", 6, main, "fixed"),
                _tip("eval.py", 6, main, "Safe-distinct-id", "main"),
                _tip("eval.py", 6, side, "Safe-distinct-id", "side"),
            ],
        },
        {
            "path": "side_eval.py",
            "line": 6,
            "verdict": "Affected",
            "commit": side,
            "at_head": False,
            "branches": ["side"],
            "evidence": [
                *code_evidence("side_eval.py", 6, side, "affected"),
                _tip("side_eval.py", 6, side, "Affected", "side"),
            ],
        },
    ]
    assert view["counts"]["Affected"] == 1
    assert_rows_are_the_analyzers(repository, report)


def test_a_clone_also_audits_remote_tracking_branches(
    repo: GitRepo, open_repo: Opener, tmp_path: Path
) -> None:
    _side_branch(repo)
    work = clone(repo, tmp_path / "clone")
    git(work, "checkout", "-q", "-b", "local-fix", "origin/side")
    git(work, "rm", "-q", "side_eval.py")
    git(work, "-c", "user.name=t", "-c", "user.email=t@e", "commit", "-q", "-m", "drop it")
    fixed = git(work, "rev-parse", "HEAD")
    report = audit_branches(open_repo(work), label="clone")
    rows = {(row.path, row.verdict.value): row.branches for row in report.drivers}
    assert rows == {
        ("eval.py", "Safe-distinct-id"): ["local-fix", "main", "origin/main", "origin/side"],
        ("side_eval.py", "Affected"): ["origin/side"],
    }
    assert report.commit == fixed
    assert [row.at_head for row in report.drivers] == [True, False]


def test_a_bare_mirror_with_history_and_branches(
    repo: GitRepo, open_repo: Opener, tmp_path: Path
) -> None:
    main, side = _side_branch(repo)
    mirror = open_repo(clone(repo, tmp_path / "mirror.git", "--mirror"))
    report = audit_history(mirror, label="mirror.git")
    view = git_view(report)
    assert view["commit"] == main
    assert view["drivers"] == [
        {
            "path": "eval.py",
            "line": 6,
            "verdict": "Safe-distinct-id",
            "at_head": True,
            "branches": ["main", "side"],
            "history": [
                {
                    "verdict": "Safe-distinct-id",
                    "first_commit": short(main),
                    "last_commit": short(side),
                }
            ],
            "evidence": [
                *code_evidence("eval.py", 6, main, "fixed"),
                _tip("eval.py", 6, main, "Safe-distinct-id", "main"),
                _tip("eval.py", 6, side, "Safe-distinct-id", "side"),
                {
                    "kind": "history",
                    "where": f"eval.py:6@{short(main)}",
                    "detail": f"Safe-distinct-id from {short(main)} to {short(side)} (2 commits)",
                },
            ],
        },
        {
            "path": "side_eval.py",
            "line": 6,
            "verdict": "Affected",
            "commit": side,
            "at_head": False,
            "branches": ["side"],
            "history": [
                {"verdict": "Affected", "first_commit": short(side), "last_commit": short(side)}
            ],
            "evidence": [
                *code_evidence("side_eval.py", 6, side, "affected"),
                _tip("side_eval.py", 6, side, "Affected", "side"),
                {
                    "kind": "history",
                    "where": f"side_eval.py:6@{short(side)}",
                    "detail": f"Affected from {short(side)} to {short(side)} (1 commit)",
                },
            ],
        },
    ]
    assert_rows_are_the_analyzers(mirror, report)
