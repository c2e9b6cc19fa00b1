"""Read-only operations: the repository, permission levels, pull requests."""

from __future__ import annotations

import pytest

from bot.github import RepoOps
from bot.github.types import PullInfo, RepoInfo
from tests.bot.github.conftest import REPO, SHA
from tests.standin import GitHubStandIn


def test_repository(ops: RepoOps, github_standin: GitHubStandIn) -> None:
    github_standin.add_repo("octo/secret", installation_id=7, private=True, default_branch="trunk")
    info = ops.app.repo(7, "octo/secret").get_repository()
    assert (info.full_name, info.default_branch, info.private) == ("octo/secret", "trunk", True)
    assert isinstance(ops.get_repository(), RepoInfo)


@pytest.mark.parametrize(
    ("permission", "level", "writer"),
    [
        ("admin", "admin", True),
        ("maintain", "maintain", True),
        ("write", "write", True),
        ("triage", "triage", False),
        ("read", "read", False),
        ("none", "none", False),
    ],
)
def test_permission_levels(
    ops: RepoOps, github_standin: GitHubStandIn, permission: str, level: str, writer: bool
) -> None:
    github_standin.set_permission(REPO, "alice", permission)
    assert ops.permission_level("alice") == level
    assert ops.has_write_access("alice") is writer


def test_unknown_user_has_no_access(ops: RepoOps) -> None:
    assert ops.permission_level("ghost") == "none"
    assert not ops.has_write_access("ghost")


def test_pull_requests(ops: RepoOps, github_standin: GitHubStandIn) -> None:
    number = github_standin.add_pull_request(
        REPO, head_sha=SHA, base_sha="b" * 40, head_ref="topic", base_ref="main"
    )
    expected = PullInfo(number, "open", SHA, "topic", "b" * 40, "main")
    assert ops.get_pull_request(number) == expected
    assert ops.find_pull_request_for_commit(SHA) == expected
    assert ops.find_pull_request_for_commit("f" * 40) is None


def test_bad_repository_name() -> None:
    with pytest.raises(ValueError, match="owner/name"):
        RepoOps(None, 1, "no-slash")  # type: ignore[arg-type]
