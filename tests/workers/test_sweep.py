"""Sweeps: one sweep issue per repository updated in place, weekly opt-out, the weekly fan-out."""

from __future__ import annotations

import dataclasses

import pytest
import redis
from pydantic import ValidationError

from analyzers.model import Verdict
from bot.badge import BadgeState, load_badge_state, save_badge_state
from bot.jobs import SWEEP_QUEUE, ForgetRepository, RepositorySweep
from bot.markers import SWEEP_ISSUE_MARKER
from tests.workers.conftest import context
from tests.workers.drivers import AFFECTED, FIXED, UNRELATED
from tests.workers.world import INSTALLATION_ID, World
from workers import forget, sweep
from workers.celery_app import create_app
from workers.services import Services
from workers.tuning import WorkerTuning
from workers.weekly import enqueue_weekly_sweeps

REPO = "octo/sweeps"


def _sweep(reason: str = "weekly", repo: str = REPO) -> RepositorySweep:
    return RepositorySweep(installation_id=INSTALLATION_ID, repo=repo, reason=reason)


def test_two_weekly_sweeps_keep_one_issue_updated_in_place(
    world: World, services: Services
) -> None:
    repo = world.repo(REPO)
    repo.commit("start", {"fixed.py": FIXED})
    repo.branch("experiment")
    repo.checkout("experiment")
    repo.commit("loop on a branch", {"eval_ckpts.py": AFFECTED})
    repo.checkout("main")
    world.push(repo)

    first = sweep.run(_sweep(), context(services))
    [issue] = world.standin.issues(REPO)
    assert first["issue"] == issue.number
    assert issue.title == "lora-audit sweep: 1 affected driver at HEAD or a branch tip"
    assert SWEEP_ISSUE_MARKER in (issue.body or "")
    assert "eval_ckpts.py" in (issue.body or "")
    assert "experiment" in (issue.body or "")  # found on the branch tip
    assert world.standin.comments(REPO, issue.number) == []  # a new issue announces itself

    repo.commit("second loop on main", {"more_evals.py": AFFECTED})
    world.push(repo)
    second = sweep.run(_sweep(), context(services, "task-2"))

    [updated] = world.standin.issues(REPO)
    assert second["issue"] == updated.number == issue.number
    assert updated.edits == 1
    assert updated.title == "lora-audit sweep: 2 affected drivers at HEAD or a branch tip"
    assert "more_evals.py" in (updated.body or "")
    # An edit notifies nobody: the new finding is announced with a comment, once.
    [news] = world.standin.comments(REPO, issue.number)
    assert "New since the last sweep" in news.body
    assert "more_evals.py" in news.body
    assert "eval_ckpts.py" not in news.body
    assert second["announced"] == 1
    again = sweep.run(_sweep(), context(services, "task-3"))
    assert again["announced"] == 0
    assert len(world.standin.comments(REPO, issue.number)) == 1
    badge = load_badge_state(redis.Redis.from_url(world.redis_url), REPO)
    assert badge is not None
    assert badge.counts[Verdict.AFFECTED] == 1  # HEAD only: the branch's driver is not on main


def test_weekly_sweeps_can_be_turned_off_but_a_requested_sweep_still_runs(
    world: World, services: Services
) -> None:
    repo = world.repo(REPO)
    repo.commit("start", {".github/lora-audit.yml": "weekly_sweep: false\n", "e.py": AFFECTED})
    world.push(repo)

    assert sweep.run(_sweep("weekly"), context(services))["status"] == "skipped"
    assert world.standin.issues(REPO) == []
    assert sweep.run(_sweep("installation"), context(services))["status"] == "swept"
    assert len(world.standin.issues(REPO)) == 1


def test_a_clean_repository_gets_a_badge_but_no_issue(world: World, services: Services) -> None:
    repo = world.repo(REPO)
    repo.commit("start", {"fixed.py": FIXED, "util.py": UNRELATED})
    world.push(repo)

    result = sweep.run(_sweep("installation"), context(services))

    assert result == {"status": "swept", "drivers": 1, "issue": None, "announced": 0}
    assert world.standin.issues(REPO) == []
    badge = load_badge_state(redis.Redis.from_url(world.redis_url), REPO)
    assert badge is not None
    assert badge.counts[Verdict.SAFE_DISTINCT_ID] == 1


def test_findings_only_in_old_history_open_no_issue(world: World, services: Services) -> None:
    repo = world.repo(REPO)
    repo.commit("a loop", {"eval_ckpts.py": AFFECTED, "fixed.py": FIXED})
    repo.remove("eval_ckpts.py")
    repo.commit("drop it")
    world.push(repo)

    result = sweep.run(_sweep(), context(services))

    assert result["drivers"] == 2  # the old one is still reported, as context
    assert result["issue"] is None
    assert world.standin.issues(REPO) == []


def test_an_empty_repository_is_skipped(world: World, services: Services) -> None:
    world.repo(REPO)
    assert sweep.run(_sweep("installation"), context(services)) == {
        "status": "skipped",
        "why": "the repository has no commits yet",
    }


def test_the_weekly_fan_out_queues_each_repository_once_per_run(
    world: World, services: Services
) -> None:
    world.repo("octo/one")
    world.repo("octo/two")
    world.repo("other/three", installation_id=INSTALLATION_ID + 1)
    celery = create_app()
    celery.conf.update(broker_url=world.redis_url)

    first = enqueue_weekly_sweeps(services, celery, run_id="beat-1")
    retried = enqueue_weekly_sweeps(services, celery, run_id="beat-1")
    next_week = enqueue_weekly_sweeps(services, celery, run_id="beat-2")

    assert sorted(first["repositories"]) == ["octo/one", "octo/two", "other/three"]
    assert retried["repositories"] == []
    assert sorted(next_week["repositories"]) == sorted(first["repositories"])
    client = redis.Redis.from_url(world.redis_url)
    assert client.llen(SWEEP_QUEUE) == 6


def test_the_weekly_fan_out_drops_private_badges_and_renews_public_ones(
    world: World, services: Services
) -> None:
    world.repo("octo/public")
    world.repo("octo/hidden", private=True)
    client = redis.Redis.from_url(world.redis_url)
    for name in ("octo/public", "octo/hidden"):
        state = BadgeState(repo=name, sha="a" * 40, private=False)
        save_badge_state(client, state)
        client.expire(f"lora-audit:badge:{name}", 60)  # about to lapse
    celery = create_app()
    celery.conf.update(broker_url=world.redis_url)

    enqueue_weekly_sweeps(services, celery, run_id="beat-1")

    assert load_badge_state(client, "octo/hidden") is None
    assert load_badge_state(client, "octo/public") is not None
    assert client.ttl("lora-audit:badge:octo/public") > 14 * 86400


def test_a_forget_job_drops_the_badge_state(world: World, services: Services) -> None:
    repo = world.repo(REPO)
    repo.commit("start", {"e.py": AFFECTED})
    world.push(repo)
    sweep.run(_sweep("installation"), context(services))
    client = redis.Redis.from_url(world.redis_url)
    assert load_badge_state(client, REPO) is not None

    job = ForgetRepository(installation_id=INSTALLATION_ID, repo=REPO, reason="privatized")
    assert forget.run(job, context(services))["badge_dropped"] is True
    assert load_badge_state(client, REPO) is None


def test_a_sweep_out_of_time_still_reports_head_and_says_how_far_history_got(
    world: World, services: Services
) -> None:
    repo = world.repo(REPO)
    repo.commit("a loop", {"old_loop.py": AFFECTED})
    repo.remove("old_loop.py")
    repo.commit("another loop", {"eval_ckpts.py": AFFECTED})
    world.push(repo)
    hurried = dataclasses.replace(services, tuning=WorkerTuning(sweep_time=0.001))

    result = sweep.run(_sweep(), context(hurried))

    [issue] = world.standin.issues(REPO)
    body = issue.body or ""
    assert result["issue"] == issue.number
    assert "eval_ckpts.py" in body  # HEAD is audited in full, whatever the time
    assert "old_loop.py" not in body  # it lived only in commits the walk did not reach
    assert "**Partial sweep:** History audited for 0 of 2 commits (oldest first)" in body
    # With the default time the same repository's sweep covers the history.
    full = sweep.run(_sweep(), context(services, "task-2"))
    assert full["drivers"] == 2
    assert "Partial sweep" not in (world.standin.issues(REPO)[0].body or "")


def test_the_sweep_time_defaults_below_the_soft_limit_and_must_stay_there() -> None:
    assert WorkerTuning(task_time_limit=1000).sweep_seconds == pytest.approx(920 * 0.75)
    assert WorkerTuning(sweep_time=120).sweep_seconds == 120
    with pytest.raises(ValidationError, match="SWEEP_TIME must be less than the soft time limit"):
        WorkerTuning(task_time_limit=100, sweep_time=100)
