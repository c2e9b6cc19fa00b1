"""Fix commits and the configuration, as the report carries them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from analyzers.git.api import audit_commit, audit_repository
from analyzers.git.repository import GitRepository
from tests.analyzers.git.scenarios import AFFECTED, FIXED, git_view
from tests.support.gitrepo import GitRepo

Opener = Callable[[Path], GitRepository]


def test_configured_and_given_fix_commits(repo: GitRepo, open_repo: Opener) -> None:
    repo.commit("start", {"eval.py": AFFECTED})
    repo.branch("never-merged")
    repo.branch("merged")
    repo.checkout("never-merged")
    unmerged = repo.commit("distinct ids (on a branch only)", {"eval.py": FIXED})
    repo.checkout("merged")
    merged = repo.commit("remove_lora before reuse", {"notes.txt": "n\n"})
    repo.checkout("main")
    repo.git("merge", "-q", "--no-ff", "-m", "merge", "merged")
    config = (
        "fix_commits:\n"
        f"  - {{sha: {unmerged[:9]}, title: distinct lora_int_id per checkpoint}}\n"
        f"  - {merged[:8]}\n"
    )
    head = repo.commit("config", {".github/lora-audit.yml": config})
    report = audit_commit(open_repo(repo.path), fix_commits=["0badc0de"], label="repo")
    view = git_view(report)
    assert view["commit"] == head
    assert view["fix_commits"] == [
        {
            "sha": unmerged,
            "title": "distinct lora_int_id per checkpoint",
            "exists": True,
            "on_default_branch": False,
        },
        {
            "sha": merged,
            "title": "remove_lora before reuse",
            "exists": True,
            "on_default_branch": True,
        },
        {"sha": "0badc0de", "title": None, "exists": False, "on_default_branch": False},
    ]
    assert view["skipped"] == [
        {
            "kind": "config",
            "where": "--fix-commit",
            "detail": "fix commit 0badc0de names no commit in this repository",
        }
    ]
    assert [row["verdict"] for row in view["drivers"]] == ["Affected"]


def test_a_broken_config_in_the_commit_is_reported(repo: GitRepo, open_repo: Opener) -> None:
    repo.commit("start", {"eval.py": FIXED, ".github/lora-audit.yml": "fix_commits: [zzz]\n"})
    report = audit_commit(open_repo(repo.path))
    assert report.config_errors == [
        ".github/lora-audit.yml: fix_commits.0.sha: Value error, 'zzz' is not a commit sha "
        "(4 to 40 hex digits)"
    ]
    assert report.fix_commits is None


def test_the_config_of_the_audited_commit_applies(repo: GitRepo, open_repo: Opener) -> None:
    repo.commit(
        "start",
        {
            "eval.py": AFFECTED,
            "third_party/vendored.py": AFFECTED,
            ".github/lora-audit.yml": 'exclude: ["third_party/**"]\n',
        },
    )
    repository = open_repo(repo.path)
    assert [row.path for row in audit_commit(repository).drivers] == ["eval.py"]
    everything = audit_repository(repository, read_config=False)
    assert [row.path for row in everything.drivers] == ["eval.py", "third_party/vendored.py"]
