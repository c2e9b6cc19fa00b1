"""Default-branch pushes: badge, check run with fix commits, follow-up issues opened and closed."""

from __future__ import annotations

import redis

from analyzers.model import Verdict
from bot.badge import load_badge_state
from bot.jobs import PushAudit
from bot.markers import follow_up_marker
from tests.support.gitrepo import GitRepo
from tests.workers.conftest import context
from tests.workers.drivers import AFFECTED, FIXED, UNRELATED
from tests.workers.world import INSTALLATION_ID, World
from workers import push
from workers.audit import ZERO_SHA
from workers.services import Services

REPO = "octo/trainer"


def _push(repo: GitRepo, before: str, after: str, delivery: str) -> PushAudit:
    return PushAudit(
        delivery_id=delivery,
        installation_id=INSTALLATION_ID,
        repo=REPO,
        ref="refs/heads/main",
        before=before,
        after=after,
        default_branch="main",
    )


def test_a_push_that_makes_a_driver_affected_opens_one_follow_up_issue_and_stores_the_badge(
    world: World, services: Services
) -> None:
    repo = world.repo(REPO, private=True)
    first = repo.commit("start", {"util.py": UNRELATED})
    second = repo.commit("eval loop", {"eval_ckpts.py": AFFECTED})
    world.push(repo, "main")

    result = push.run(_push(repo, first, second, "d-1"), context(services))
    again = push.run(_push(repo, first, second, "d-1"), context(services, "task-2"))

    assert result["conclusion"] == "failure"
    assert again == {"status": "duplicate", "claim": "done"}
    [issue] = world.standin.issues(REPO)
    assert follow_up_marker("eval_ckpts.py") in (issue.body or "")
    assert issue.state == "open"
    assert issue.labels == ["lora-audit"]
    # A private repository's state is never stored: its badge answers "unknown".
    assert load_badge_state(redis.Redis.from_url(world.redis_url), REPO) is None
    with world.standin.state.lock:
        world.standin.state.repos[REPO.lower()].private = False  # made public
    third = repo.commit("another loop", {"more.py": AFFECTED})
    world.push(repo, "main")
    push.run(_push(repo, second, third, "d-2"), context(services, "task-3"))
    badge = load_badge_state(redis.Redis.from_url(world.redis_url), REPO)
    assert badge is not None
    assert (badge.sha, badge.private, badge.counts[Verdict.AFFECTED]) == (third, False, 2)
    [run] = world.standin.check_runs(REPO, head_sha=second)
    assert run.conclusion == "failure"


def test_a_push_that_fixes_the_driver_comments_on_and_closes_its_issue(
    world: World, services: Services
) -> None:
    repo = world.repo(REPO)
    first = repo.commit("start", {"util.py": UNRELATED})
    second = repo.commit("eval loop", {"eval_ckpts.py": AFFECTED})
    world.push(repo, "main")
    push.run(_push(repo, first, second, "d-1"), context(services))
    third = repo.commit("distinct ids", {"eval_ckpts.py": FIXED})
    world.push(repo, "main")

    result = push.run(_push(repo, second, third, "d-2"), context(services, "task-2"))

    assert result["closed"] == ["eval_ckpts.py"]
    [issue] = world.standin.issues(REPO)
    assert (issue.state, issue.state_reason) == ("closed", "completed")
    [comment] = world.standin.comments(REPO, issue.number)
    assert third[:7] in comment.body
    assert "Safe-distinct-id" in comment.body
    badge = load_badge_state(redis.Redis.from_url(world.redis_url), REPO)
    assert badge is not None
    assert badge.counts[Verdict.AFFECTED] == 0


def test_follow_up_issues_can_be_turned_off(world: World, services: Services) -> None:
    repo = world.repo(REPO)
    first = repo.commit("start", {".github/lora-audit.yml": "follow_up_issues: false\n"})
    second = repo.commit("eval loop", {"eval_ckpts.py": AFFECTED})
    world.push(repo, "main")

    result = push.run(_push(repo, first, second, "d-1"), context(services))

    assert result["conclusion"] == "failure"
    assert world.standin.issues(REPO) == []


def test_a_fix_commit_missing_from_the_default_branch_is_reported_in_the_check_run(
    world: World, services: Services
) -> None:
    repo = world.repo(REPO)
    first = repo.commit("start", {"eval_ckpts.py": AFFECTED})
    repo.branch("fix")
    repo.checkout("fix")
    fix = repo.commit("distinct ids", {"eval_ckpts.py": FIXED})
    repo.checkout("main")
    config = f'fix_commits: [{{sha: "{fix[:9]}", title: "one id per checkpoint"}}]\n'
    second = repo.commit("config", {".github/lora-audit.yml": config})
    world.push(repo, "main", "fix")

    push.run(_push(repo, first, second, "d-1"), context(services))

    [run] = world.standin.check_runs(REPO, head_sha=second)
    assert run.summary is not None
    assert fix[:7] in run.summary
    assert "one id per checkpoint" in run.summary
    assert "have not reached the default branch" in run.summary


def test_pushes_elsewhere_and_branch_creations_of_nothing_are_ignored(
    world: World, services: Services
) -> None:
    repo = world.repo(REPO)
    first = repo.commit("start", {"eval_ckpts.py": AFFECTED})
    world.push(repo, "main")
    job = _push(repo, ZERO_SHA, first, "d-1").model_copy(update={"ref": "refs/heads/feature"})
    assert push.run(job, context(services))["status"] == "ignored"
    created = push.run(_push(repo, ZERO_SHA, first, "d-2"), context(services, "task-2"))
    assert created["conclusion"] == "failure"  # a new default branch: every finding is new
    assert len(world.standin.issues(REPO)) == 1
