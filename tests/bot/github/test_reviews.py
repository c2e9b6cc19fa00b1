"""Suggested changes are review comments the App writes once per marker, on lines of the diff."""

from __future__ import annotations

import pytest

from bot.github import GitHubCallFailed, RepoOps
from bot.github.types import SuggestedChange
from bot.markers import suggestion_marker
from tests.bot.github.conftest import REPO, SHA
from tests.standin import GitHubStandIn

BLOCK = "```suggestion\nfixed = True\n```\n"


def _pull(github_standin: GitHubStandIn) -> int:
    return github_standin.add_pull_request(
        REPO, head_sha=SHA, base_sha="b" * 40, hunks={"eval.py": [(1, 12)]}
    )


def _change(start: int, line: int, path: str = "eval.py") -> SuggestedChange:
    return SuggestedChange(
        path=path,
        commit_id=SHA,
        start_line=start,
        line=line,
        body=f"Make it safe.\n\n{BLOCK}",
        marker=suggestion_marker(SHA, path),
    )


def test_a_suggested_change_is_posted_once_on_its_lines(
    ops: RepoOps, github_standin: GitHubStandIn
) -> None:
    number = _pull(github_standin)
    first = ops.suggest_change(number, _change(3, 8))
    again = ops.suggest_change(number, _change(3, 8))
    assert first.created
    assert not again.created
    assert again.id == first.id
    [comment] = github_standin.review_comments(REPO, number)
    assert (comment.path, comment.start_line, comment.line, comment.side) == (
        "eval.py",
        3,
        8,
        "RIGHT",
    )
    assert comment.start_side == "RIGHT"
    assert comment.commit_id == SHA
    assert comment.body == f"{suggestion_marker(SHA, 'eval.py')}\nMake it safe.\n\n{BLOCK}"
    assert comment.user.login == github_standin.bot_login


def test_a_one_line_suggestion_has_no_start_line(
    ops: RepoOps, github_standin: GitHubStandIn
) -> None:
    number = _pull(github_standin)
    ops.suggest_change(number, _change(8, 8))
    [comment] = github_standin.review_comments(REPO, number)
    assert (comment.start_line, comment.line, comment.start_side) == (None, 8, None)
    [call] = github_standin.calls("POST", rf"/pulls/{number}/comments$")
    assert "start_line" not in call.body


def test_a_marker_someone_else_wrote_or_quoted_is_not_the_apps(
    ops: RepoOps, github_standin: GitHubStandIn
) -> None:
    number = _pull(github_standin)
    marker = suggestion_marker(SHA, "eval.py")
    github_standin.add_review_comment(
        REPO, number, f"{marker}\nfake", path="eval.py", line=2, author="mallory"
    )
    # The App's own comment on another driver quotes code that holds this driver's marker.
    ops.suggest_change(
        number,
        SuggestedChange("eval.py", SHA, 4, 4, f"```suggestion\n# {marker}\n```", "<!-- x -->"),
    )
    created = ops.suggest_change(number, _change(3, 8))
    assert created.created
    assert len(github_standin.review_comments(REPO, number)) == 3


def test_lines_outside_the_diff_are_refused_as_github_does(
    ops: RepoOps, github_standin: GitHubStandIn
) -> None:
    number = _pull(github_standin)
    with pytest.raises(GitHubCallFailed) as outside:
        ops.suggest_change(number, _change(10, 14))
    with pytest.raises(GitHubCallFailed) as other_file:
        ops.suggest_change(number, _change(1, 1, path="other.py"))
    assert (outside.value.status, other_file.value.status) == (422, 422)
    assert github_standin.review_comments(REPO, number) == []
