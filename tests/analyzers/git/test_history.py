"""`--history`: every driver of every commit, with where each verdict held."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from analyzers.files.parsing import parse_count
from analyzers.git.api import audit_history, audit_repository
from analyzers.git.repository import GitRepository
from analyzers.model import Verdict
from tests.analyzers.git.conftest import clone
from tests.analyzers.git.scenarios import (
    AFFECTED,
    FIXED,
    assert_rows_are_the_analyzers,
    code_evidence,
    git_view,
    short,
)
from tests.support.gitrepo import GitRepo

Opener = Callable[[Path], GitRepository]
ZERO = {
    "Affected": 0,
    "Safe-distinct-id": 0,
    "Safe-single-adapter": 0,
    "Safe-fresh-process": 0,
    "Safe-by-eviction": 0,
    "Safe-probabilistic": 0,
    "No-realized-run": 0,
    "Indeterminate": 0,
}


def _affected_then_fixed(repo: GitRepo) -> list[str]:
    """eval.py is Affected in the first three commits, fixed in the fourth; five in all."""
    return [
        repo.commit("add the eval loop", {"eval.py": AFFECTED, "README.md": "eval\n"}),
        repo.commit("notes", {"notes.txt": "n\n"}),
        repo.commit("helper", {"util.py": "def f():\n    return 1\n"}),
        repo.commit("distinct ids", {"eval.py": FIXED}),
        repo.commit("more notes", {"notes.txt": "m\n"}),
    ]


def test_a_driver_affected_three_commits_ago_and_fixed_since(
    repo: GitRepo, open_repo: Opener
) -> None:
    c = _affected_then_fixed(repo)
    repository = open_repo(repo.path)
    report = audit_history(repository, all_branches=False, label="repo")
    assert git_view(report) == {
        "schema_version": 1,
        "root": "repo",
        "commit": c[4],
        "vllm_version": None,
        "vllm_version_source": None,
        "drivers": [
            {
                "path": "eval.py",
                "line": 6,
                "verdict": "Safe-distinct-id",
                "at_head": True,
                "history": [
                    {
                        "verdict": "Affected",
                        "first_commit": short(c[0]),
                        "last_commit": short(c[2]),
                    },
                    {
                        "verdict": "Safe-distinct-id",
                        "first_commit": short(c[3]),
                        "last_commit": short(c[4]),
                    },
                ],
                "evidence": [
                    *code_evidence("eval.py", 6, c[4], "fixed"),
                    {
                        "kind": "history",
                        "where": f"eval.py:6@{short(c[0])}",
                        "detail": f"Affected from {short(c[0])} to {short(c[2])} (3 commits)",
                    },
                    {
                        "kind": "history",
                        "where": f"eval.py:6@{short(c[3])}",
                        "detail": (
                            f"Safe-distinct-id from {short(c[3])} to {short(c[4])} (2 commits)"
                        ),
                    },
                ],
            }
        ],
        "counts": {**ZERO, "Safe-distinct-id": 1},
    }
    assert_rows_are_the_analyzers(repository, report)


def test_a_driver_deleted_while_affected_is_still_reported(
    repo: GitRepo, open_repo: Opener
) -> None:
    first = repo.commit("add", {"old_eval.py": AFFECTED, "keep.py": FIXED})
    second = repo.commit("tweak", {"notes.txt": "n\n"})
    repo.remove("old_eval.py")
    head = repo.commit("delete the old loop")
    repository = open_repo(repo.path)
    report = audit_history(repository, all_branches=False, label="repo")
    rows = git_view(report)["drivers"]
    assert rows == [
        {
            "path": "keep.py",
            "line": 6,
            "verdict": "Safe-distinct-id",
            "at_head": True,
            "history": [
                {
                    "verdict": "Safe-distinct-id",
                    "first_commit": short(first),
                    "last_commit": short(head),
                }
            ],
            "evidence": [
                *code_evidence("keep.py", 6, head, "fixed"),
                {
                    "kind": "history",
                    "where": f"keep.py:6@{short(first)}",
                    "detail": f"Safe-distinct-id from {short(first)} to {short(head)} (3 commits)",
                },
            ],
        },
        {
            "path": "old_eval.py",
            "line": 6,
            "verdict": "Affected",
            "commit": second,
            "at_head": False,
            "history": [
                {"verdict": "Affected", "first_commit": short(first), "last_commit": short(second)}
            ],
            "evidence": [
                *code_evidence("old_eval.py", 6, second, "affected"),
                {
                    "kind": "history",
                    "where": f"old_eval.py:6@{short(first)}",
                    "detail": f"Affected from {short(first)} to {short(second)} (2 commits)",
                },
            ],
        },
    ]
    assert report.counts[Verdict.AFFECTED] == 1
    assert_rows_are_the_analyzers(repository, report)


def test_a_renamed_driver_links_both_names(repo: GitRepo, open_repo: Opener) -> None:
    first = repo.commit("add", {"drivers/eval.py": AFFECTED})
    repo.git("mv", "drivers/eval.py", "drivers/sweep.py")
    moved = repo.commit("rename")
    head = repo.commit("notes", {"notes.txt": "n\n"})
    repository = open_repo(repo.path)
    report = audit_history(repository, all_branches=False, label="repo")
    assert git_view(report)["drivers"] == [
        {
            "path": "drivers/eval.py",
            "line": 6,
            "verdict": "Affected",
            "commit": first,
            "at_head": False,
            "history": [
                {"verdict": "Affected", "first_commit": short(first), "last_commit": short(first)}
            ],
            "evidence": [
                *code_evidence("drivers/eval.py", 6, first, "affected"),
                {
                    "kind": "history",
                    "where": f"drivers/eval.py:6@{short(first)}",
                    "detail": f"Affected from {short(first)} to {short(first)} (1 commit)",
                },
                {
                    "kind": "history",
                    "where": f"drivers/eval.py@{short(moved)}",
                    "detail": f"renamed to drivers/sweep.py in {short(moved)}",
                },
            ],
        },
        {
            "path": "drivers/sweep.py",
            "line": 6,
            "verdict": "Affected",
            "at_head": True,
            "history": [
                {"verdict": "Affected", "first_commit": short(moved), "last_commit": short(head)}
            ],
            "evidence": [
                *code_evidence("drivers/sweep.py", 6, head, "affected"),
                {
                    "kind": "history",
                    "where": f"drivers/sweep.py:6@{short(moved)}",
                    "detail": f"Affected from {short(moved)} to {short(head)} (2 commits)",
                },
                {
                    "kind": "history",
                    "where": f"drivers/sweep.py@{short(moved)}",
                    "detail": f"renamed from drivers/eval.py in {short(moved)}",
                },
            ],
        },
    ]
    assert_rows_are_the_analyzers(repository, report)


def test_a_shallow_clone_audits_what_it_has_and_says_so(
    repo: GitRepo, open_repo: Opener, tmp_path: Path
) -> None:
    c = _affected_then_fixed(repo)
    shallow = clone(repo, tmp_path / "shallow", "--depth", "2")
    repository = open_repo(shallow)
    report = audit_history(repository, all_branches=False, label="shallow")
    assert git_view(report) == {
        "schema_version": 1,
        "root": "shallow",
        "commit": c[4],
        "vllm_version": None,
        "vllm_version_source": None,
        "drivers": [
            {
                "path": "eval.py",
                "line": 6,
                "verdict": "Safe-distinct-id",
                "at_head": True,
                "history": [
                    {
                        "verdict": "Safe-distinct-id",
                        "first_commit": short(c[3]),
                        "last_commit": short(c[4]),
                    }
                ],
                "evidence": [
                    *code_evidence("eval.py", 6, c[4], "fixed"),
                    {
                        "kind": "history",
                        "where": f"eval.py:6@{short(c[3])}",
                        "detail": (
                            f"Safe-distinct-id from {short(c[3])} to {short(c[4])} (2 commits)"
                        ),
                    },
                ],
            }
        ],
        "counts": {**ZERO, "Safe-distinct-id": 1},
        "skipped": [
            {
                "kind": "history",
                "where": "shallow",
                "detail": (
                    f"shallow clone: history before {short(c[3])} is not present, so drivers "
                    "that lived only in older commits are not reported"
                ),
            }
        ],
    }


def test_an_empty_repository(repo: GitRepo, open_repo: Opener) -> None:
    report = audit_repository(open_repo(repo.path), history=True, all_branches=True, label="empty")
    assert git_view(report) == {
        "schema_version": 1,
        "root": "empty",
        "commit": None,
        "vllm_version": None,
        "vllm_version_source": None,
        "drivers": [],
        "counts": ZERO,
        "skipped": [
            {
                "kind": "history",
                "where": "empty",
                "detail": "HEAD names no commit yet (empty repository)",
            }
        ],
    }


def test_a_detached_head_is_the_audited_head(repo: GitRepo, open_repo: Opener) -> None:
    c = _affected_then_fixed(repo)
    repo.checkout(c[1])
    repository = open_repo(repo.path)
    report = audit_history(repository, all_branches=True, label="repo")
    assert report.commit == c[1]
    assert git_view(report)["drivers"] == [
        {
            "path": "eval.py",
            "line": 6,
            "verdict": "Affected",
            "at_head": True,
            "branches": [],
            "history": [
                {"verdict": "Affected", "first_commit": short(c[0]), "last_commit": short(c[2])},
                {
                    "verdict": "Safe-distinct-id",
                    "first_commit": short(c[3]),
                    "last_commit": short(c[4]),
                },
            ],
            "evidence": [
                *code_evidence("eval.py", 6, c[1], "affected"),
                {
                    "kind": "history",
                    "where": f"eval.py:6@{short(c[0])}",
                    "detail": f"Affected from {short(c[0])} to {short(c[2])} (3 commits)",
                },
                {
                    "kind": "history",
                    "where": f"eval.py:6@{short(c[3])}",
                    "detail": f"Safe-distinct-id from {short(c[3])} to {short(c[4])} (2 commits)",
                },
            ],
        },
        {
            "path": "eval.py",
            "line": 6,
            "verdict": "Safe-distinct-id",
            "commit": c[4],
            "at_head": False,
            "branches": ["main"],
            "history": [
                {"verdict": "Affected", "first_commit": short(c[0]), "last_commit": short(c[2])},
                {
                    "verdict": "Safe-distinct-id",
                    "first_commit": short(c[3]),
                    "last_commit": short(c[4]),
                },
            ],
            "evidence": [
                *code_evidence("eval.py", 6, c[4], "fixed"),
                {
                    "kind": "history",
                    "where": f"eval.py:6@{short(c[4])}",
                    "detail": "Safe-distinct-id at the tip of branch main",
                },
                {
                    "kind": "history",
                    "where": f"eval.py:6@{short(c[0])}",
                    "detail": f"Affected from {short(c[0])} to {short(c[2])} (3 commits)",
                },
                {
                    "kind": "history",
                    "where": f"eval.py:6@{short(c[3])}",
                    "detail": f"Safe-distinct-id from {short(c[3])} to {short(c[4])} (2 commits)",
                },
            ],
        },
    ]
    assert_rows_are_the_analyzers(repository, report)


def test_each_driver_version_is_parsed_once(repo: GitRepo, open_repo: Opener) -> None:
    repo.commit("affected", {"eval.py": AFFECTED})
    repo.commit("fixed", {"eval.py": FIXED})
    repo.commit("reverted", {"eval.py": AFFECTED})
    repo.branch("side", "HEAD~1")
    repo.checkout("side")
    repo.commit("same fix, other file", {"other.py": FIXED})
    repo.checkout("main")
    for n in range(20):
        repo.commit(f"unrelated {n}", {f"lib/m{n}.py": f"X = {n}\n"})
    start = parse_count()
    report = audit_history(open_repo(repo.path))
    # One parse per (path, content): eval.py as AFFECTED and as FIXED, other.py as FIXED; the
    # revert to AFFECTED and the 20 later commits come from the cache or the parent's report.
    assert parse_count() - start == 3
    assert [(row.path, row.verdict.value, row.at_head) for row in report.drivers] == [
        ("eval.py", "Affected", True),
        ("eval.py", "Safe-distinct-id", False),
        ("other.py", "Safe-distinct-id", False),
    ]
