"""Follow-up issues per driver path and the sweep issue: found by marker, the App's own, once."""

from __future__ import annotations

from bot.github import RepoOps
from bot.github.types import IssueText
from bot.markers import ISSUE_LABEL, SWEEP_ISSUE_MARKER, follow_up_marker
from tests.bot.github.conftest import REPO
from tests.standin import GitHubStandIn

DRIVER = "scripts/eval_ckpts.py"


def test_follow_up_is_opened_once_and_refreshed(
    ops: RepoOps, github_standin: GitHubStandIn
) -> None:
    first = ops.open_follow_up(DRIVER, IssueText("Stale LoRA serve", "evidence v1"))
    again = ops.open_follow_up(DRIVER, IssueText("Stale LoRA serve", "evidence v1"))
    newer = ops.open_follow_up(DRIVER, IssueText("Stale LoRA serve", "evidence v2"))
    other = ops.open_follow_up("other.py", IssueText("Other", "x"))
    assert first.created
    assert not again.created
    assert not newer.created
    assert other.created
    assert first.number == again.number == newer.number != other.number
    issue = github_standin.issue(REPO, first.number)
    assert issue.body == f"{follow_up_marker(DRIVER)}\nevidence v2"
    assert issue.labels == [ISSUE_LABEL]
    assert issue.user.login == github_standin.bot_login
    assert issue.edits == 1


def test_close_comments_once_and_reopen_on_regression(
    ops: RepoOps, github_standin: GitHubStandIn
) -> None:
    opened = ops.open_follow_up(DRIVER, IssueText("Stale", "body"))
    closed = ops.close_follow_up(DRIVER, "Fixed: distinct ids.", fixed_in="c" * 40)
    assert closed is not None
    assert closed.state == "closed"
    assert ops.close_follow_up(DRIVER, "Fixed: distinct ids.", fixed_in="c" * 40) is None
    issue = github_standin.issue(REPO, opened.number)
    assert (issue.state, issue.state_reason) == ("closed", "completed")
    comments = github_standin.comments(REPO, opened.number)
    assert len(comments) == 1
    assert comments[0].body.endswith("Fixed: distinct ids.")
    reopened = ops.open_follow_up(DRIVER, IssueText("Stale", "regressed"))
    assert reopened.number == opened.number
    assert reopened.state == "open"
    assert github_standin.issue(REPO, opened.number).state == "open"


def test_closing_without_an_issue_does_nothing(ops: RepoOps, github_standin: GitHubStandIn) -> None:
    assert ops.close_follow_up(DRIVER, "Fixed.", fixed_in="c" * 40) is None
    assert github_standin.issues(REPO) == []


def test_issues_by_others_are_not_ours(ops: RepoOps, github_standin: GitHubStandIn) -> None:
    human = github_standin.add_issue(
        REPO, "copy", body=f"{follow_up_marker(DRIVER)} pasted", labels=[ISSUE_LABEL]
    )
    ref = ops.open_follow_up(DRIVER, IssueText("Stale", "body"))
    assert ref.created
    assert ref.number != human
    assert ops.close_follow_up(DRIVER, "done", fixed_in="d" * 40) is not None
    assert github_standin.issue(REPO, human).state == "open"


def test_sweep_issue_is_updated_in_place(ops: RepoOps, github_standin: GitHubStandIn) -> None:
    first = ops.upsert_sweep_issue(IssueText("lora-audit sweep", "week 1"))
    second = ops.upsert_sweep_issue(IssueText("lora-audit sweep", "week 2"))
    assert first.created
    assert not second.created
    assert first.number == second.number
    (issue,) = github_standin.issues(REPO)
    assert issue.body == f"{SWEEP_ISSUE_MARKER}\nweek 2"


def test_closed_sweep_issue_stays_closed_unless_asked(
    ops: RepoOps, github_standin: GitHubStandIn
) -> None:
    ref = ops.upsert_sweep_issue(IssueText("sweep", "week 1"))
    with github_standin.state.lock:
        github_standin.state.issues[(REPO, ref.number)].state = "closed"
    assert ops.upsert_sweep_issue(IssueText("sweep", "week 2")).state == "closed"
    assert ops.upsert_sweep_issue(IssueText("sweep", "week 3"), reopen=True).state == "open"
    assert len(github_standin.issues(REPO)) == 1
