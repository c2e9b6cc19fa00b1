"""The sticky comment is the App's own, edited in place; replies and reactions happen once."""

from __future__ import annotations

from bot.github import RepoOps
from bot.markers import PR_COMMENT_MARKER, reply_marker
from tests.bot.github.conftest import REPO, SHA
from tests.standin import GitHubStandIn


def _pull(github_standin: GitHubStandIn) -> int:
    return github_standin.add_pull_request(REPO, head_sha=SHA, base_sha="b" * 40)


def test_sticky_comment_is_created_once_and_edited_in_place(
    ops: RepoOps, github_standin: GitHubStandIn
) -> None:
    number = _pull(github_standin)
    first = ops.upsert_sticky_comment(number, f"{PR_COMMENT_MARKER}\nround 1")
    same = ops.upsert_sticky_comment(number, f"{PR_COMMENT_MARKER}\nround 1")
    edited = ops.upsert_sticky_comment(number, f"{PR_COMMENT_MARKER}\nround 2")
    assert first.created
    assert not same.created
    assert not edited.created
    assert first.id == same.id == edited.id
    (comment,) = github_standin.comments(REPO, number)
    assert comment.body == f"{PR_COMMENT_MARKER}\nround 2"
    assert comment.user.login == github_standin.bot_login
    assert comment.edits == 1  # the unchanged round was not re-sent


def test_updating_edits_only_an_existing_sticky_comment(
    ops: RepoOps, github_standin: GitHubStandIn
) -> None:
    number = _pull(github_standin)
    assert ops.update_sticky_comment(number, "nothing to say") is None
    assert github_standin.comments(REPO, number) == []
    created = ops.upsert_sticky_comment(number, "a finding")
    updated = ops.update_sticky_comment(number, "the finding is gone")
    assert updated is not None
    assert updated.id == created.id
    (comment,) = github_standin.comments(REPO, number)
    assert comment.body == f"{PR_COMMENT_MARKER}\nthe finding is gone"


def test_marker_is_added_when_the_body_lacks_it(
    ops: RepoOps, github_standin: GitHubStandIn
) -> None:
    number = _pull(github_standin)
    ops.upsert_sticky_comment(number, "no marker here")
    ops.upsert_sticky_comment(number, "still none")
    (comment,) = github_standin.comments(REPO, number)
    assert comment.body == f"{PR_COMMENT_MARKER}\nstill none"


def test_a_marker_pasted_by_someone_else_is_not_ours(
    ops: RepoOps, github_standin: GitHubStandIn
) -> None:
    number = _pull(github_standin)
    human = github_standin.add_comment(
        REPO, number, f"{PR_COMMENT_MARKER} copied", author="mallory"
    )
    other_bot = github_standin.add_comment(
        REPO, number, f"{PR_COMMENT_MARKER} mine", author="other-app[bot]"
    )
    ref = ops.upsert_sticky_comment(number, "the table")
    assert ref.created
    assert ref.id not in {human, other_bot}
    assert github_standin.comment(human).body == f"{PR_COMMENT_MARKER} copied"
    assert github_standin.comment(other_bot).edits == 0


def test_sticky_comment_found_beyond_the_first_page(
    ops: RepoOps, github_standin: GitHubStandIn
) -> None:
    number = _pull(github_standin)
    for index in range(120):
        github_standin.add_comment(REPO, number, f"chatter {index}")
    first = ops.upsert_sticky_comment(number, "v1")
    for index in range(5):
        github_standin.add_comment(REPO, number, f"more {index}")
    assert ops.upsert_sticky_comment(number, "v2").id == first.id
    assert len(github_standin.comments(REPO, number)) == 126
    assert any("page=2" in call.query for call in github_standin.calls("GET", "/comments$"))


def test_reply_with_a_marker_is_posted_once(ops: RepoOps, github_standin: GitHubStandIn) -> None:
    number = _pull(github_standin)
    asked = github_standin.add_comment(REPO, number, "/audit", author="alice")
    first = ops.post_comment(number, "result", marker=reply_marker(asked))
    again = ops.post_comment(number, "result", marker=reply_marker(asked))
    plain = ops.post_comment(number, "another")
    assert first.created
    assert not again.created
    assert first.id == again.id
    assert plain.created
    assert plain.id != first.id
    bodies = [comment.body for comment in github_standin.comments(REPO, number)]
    assert bodies == ["/audit", f"{reply_marker(asked)}\nresult", "another"]


def test_eyes_reaction_once(ops: RepoOps, github_standin: GitHubStandIn) -> None:
    number = _pull(github_standin)
    asked = github_standin.add_comment(REPO, number, "/audit", author="alice")
    ops.add_reaction(asked)
    ops.add_reaction(asked)
    assert github_standin.reactions(asked) == [("eyes", github_standin.bot_login)]
