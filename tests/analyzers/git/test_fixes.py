"""Fix commits: found or not, ambiguous or not, on the default branch or not."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from analyzers.files.config import FixCommitSpec
from analyzers.git.fixes import FixCheck, check_fix_commits
from analyzers.git.repository import GitRepository
from analyzers.model import Evidence, FixCommit
from tests.analyzers.git.ambiguity import ambiguous_commits
from tests.analyzers.git.conftest import clone
from tests.support.gitrepo import GitRepo

Opener = Callable[[Path], GitRepository]


def _history(repo: GitRepo) -> tuple[str, str]:
    """main with a merged fix; an unmerged fix on its own branch. Returns (merged, unmerged)."""
    repo.commit("start", {"eval.py": "x = 1\n"})
    repo.branch("fix-merged")
    repo.branch("fix-unmerged")
    repo.checkout("fix-unmerged")
    unmerged = repo.commit("distinct lora_int_id per checkpoint", {"eval.py": "x = 2\n"})
    repo.checkout("fix-merged")
    merged = repo.commit("remove_lora before each reuse", {"eval.py": "x = 3\n"})
    repo.checkout("main")
    repo.git("merge", "-q", "--no-ff", "-m", "merge the fix", "fix-merged")
    return merged, unmerged


def test_merged_unmerged_unknown_and_repeated(repo: GitRepo, open_repo: Opener) -> None:
    merged, unmerged = _history(repo)
    specs = [
        FixCommitSpec(sha=unmerged[:9], title="distinct ids"),
        FixCommitSpec(sha=merged[:7]),
    ]
    check = check_fix_commits(
        open_repo(repo.path), specs, flag_shas=["DEADBEEF", merged[:10], "deadbeef"]
    )
    assert check == FixCheck(
        fix_commits=[
            FixCommit(sha=unmerged, title="distinct ids", exists=True, on_default_branch=False),
            FixCommit(
                sha=merged,
                title="remove_lora before each reuse",
                exists=True,
                on_default_branch=True,
            ),
            FixCommit(sha="deadbeef", title=None, exists=False, on_default_branch=False),
        ],
        notes=[
            Evidence(
                kind="config",
                where="--fix-commit",
                detail="fix commit deadbeef names no commit in this repository",
            )
        ],
    )


def test_an_ambiguous_sha_is_reported_not_guessed(repo: GitRepo, open_repo: Opener) -> None:
    repo.commit("start", {"eval.py": "x = 1\n"})
    prefix, shas = ambiguous_commits(repo)
    check = check_fix_commits(open_repo(repo.path), [FixCommitSpec(sha=prefix, title="t")])
    assert check == FixCheck(
        fix_commits=[FixCommit(sha=prefix, title="t", exists=False, on_default_branch=False)],
        notes=[
            Evidence(
                kind="config",
                where=".github/lora-audit.yml",
                detail=(
                    f"fix commit {prefix} is ambiguous: it matches 2 commits "
                    f"({shas[0][:7]}, {shas[1][:7]}); give more digits"
                ),
            )
        ],
    )


def test_a_bare_mirror_checks_against_its_head_branch(
    repo: GitRepo, open_repo: Opener, tmp_path: Path
) -> None:
    merged, unmerged = _history(repo)
    mirror = open_repo(clone(repo, tmp_path / "m.git", "--mirror"))
    check = check_fix_commits(mirror, [], flag_shas=[merged, unmerged])
    assert [(f.sha, f.exists, f.on_default_branch) for f in check.fix_commits] == [
        (merged, True, True),
        (unmerged, True, False),
    ]
    assert check.notes == []


def test_a_shallow_clone_says_what_it_cannot_see(
    repo: GitRepo, open_repo: Opener, tmp_path: Path
) -> None:
    _history(repo)
    oldest = repo.git("rev-list", "--max-parents=0", "HEAD")
    shallow = open_repo(clone(repo, tmp_path / "shallow", "--depth", "1", "--no-single-branch"))
    check = check_fix_commits(shallow, [FixCommitSpec(sha=oldest, title="old fix")])
    assert check == FixCheck(
        fix_commits=[FixCommit(sha=oldest, title="old fix", exists=False, on_default_branch=False)],
        notes=[
            Evidence(
                kind="config",
                where=".github/lora-audit.yml",
                detail=(
                    f"fix commit {oldest} names no commit in this repository; this is a shallow "
                    "clone, so it may be older than the history present"
                ),
            )
        ],
    )


def test_an_empty_repository_has_no_default_branch(repo: GitRepo, open_repo: Opener) -> None:
    check = check_fix_commits(open_repo(repo.path), [], flag_shas=["abc1234"])
    assert check.fix_commits == [
        FixCommit(sha="abc1234", title=None, exists=False, on_default_branch=False)
    ]
