"""One `LoRA cache audit` check run per head sha, completed with annotations 50 per call, once."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from bot.github import CHECK_RUN_NAME, GitHubApp, RepoOps, RetryLater
from bot.github.types import Annotation, CheckRunOutput
from tests.bot.github.conftest import INSTALLATION, REPO, SHA
from tests.standin import GitHubStandIn


def _output(annotations: int) -> CheckRunOutput:
    return CheckRunOutput(
        title="1 newly affected driver",
        summary="| verdict | drivers |",
        text="details",
        annotations=tuple(
            Annotation(f"drivers/d{index}.py", index + 1, index + 1, "failure", f"stale {index}")
            for index in range(annotations)
        ),
    )


def test_find_or_create_makes_one_run_per_sha(ops: RepoOps, github_standin: GitHubStandIn) -> None:
    first = ops.find_or_create_check_run(SHA, details_url="https://example.com/d")
    second = ops.find_or_create_check_run(SHA)
    other = ops.find_or_create_check_run("b" * 40)
    assert first.created
    assert not second.created
    assert other.created
    assert second.id == first.id != other.id
    runs = github_standin.check_runs(REPO, head_sha=SHA)
    assert [(run.name, run.status, run.details_url) for run in runs] == [
        (CHECK_RUN_NAME, "in_progress", "https://example.com/d")
    ]


def test_concurrent_workers_share_one_run(
    app: GitHubApp, github_standin: GitHubStandIn, redis_url: str
) -> None:
    apps = [app] + [GitHubApp(github_standin.settings(redis_url=redis_url)) for _ in range(3)]
    with ThreadPoolExecutor(len(apps)) as pool:
        runs = list(
            pool.map(lambda each: each.repo(INSTALLATION, REPO).find_or_create_check_run(SHA), apps)
        )
    assert len({run.id for run in runs}) == 1
    assert sum(run.created for run in runs) == 1
    assert len(github_standin.check_runs(REPO, head_sha=SHA)) == 1


def test_another_apps_run_of_the_same_name_is_not_ours(
    ops: RepoOps, github_standin: GitHubStandIn
) -> None:
    existing = ops.find_or_create_check_run(SHA)
    with github_standin.state.lock:
        github_standin.state.check_runs[existing.id].app_id = 1  # as if another App made it
    assert ops.find_or_create_check_run(SHA).created


@pytest.mark.parametrize(("count", "calls"), [(0, 1), (50, 1), (51, 2), (120, 3)])
def test_annotations_go_fifty_per_call(
    ops: RepoOps, github_standin: GitHubStandIn, count: int, calls: int
) -> None:
    run = ops.find_or_create_check_run(SHA)
    ops.complete_check_run(run.id, _output(count), "failure")
    updates = github_standin.calls("PATCH", f"/check-runs/{run.id}$")
    assert len(updates) == calls
    assert all(len(call.body["output"]["annotations"]) <= 50 for call in updates)
    assert [call.body.get("status") for call in updates] == [None] * (calls - 1) + ["completed"]
    (stored,) = github_standin.check_runs(REPO)
    assert (stored.status, stored.conclusion, stored.title) == (
        "completed",
        "failure",
        "1 newly affected driver",
    )
    assert [item["message"] for item in stored.annotations] == [f"stale {i}" for i in range(count)]


def test_completing_again_sends_nothing(ops: RepoOps, github_standin: GitHubStandIn) -> None:
    run = ops.find_or_create_check_run(SHA)
    ops.complete_check_run(run.id, _output(60), "failure")
    ops.complete_check_run(run.id, _output(60), "failure")
    assert len(github_standin.calls("PATCH", f"/check-runs/{run.id}$")) == 2
    assert len(github_standin.check_runs(REPO)[0].annotations) == 60


def test_completing_again_after_redis_lost_the_progress_sends_nothing(
    ops: RepoOps, github_standin: GitHubStandIn
) -> None:
    run = ops.find_or_create_check_run(SHA)
    ops.complete_check_run(run.id, _output(60), "failure")
    for key in ops.app.redis.scan_iter("lora-audit:check-run-progress:*"):
        ops.app.redis.delete(key)  # a Redis restart without persistence
    ops.complete_check_run(run.id, _output(60), "failure")
    assert len(github_standin.calls("PATCH", f"/check-runs/{run.id}$")) == 2
    assert len(github_standin.check_runs(REPO)[0].annotations) == 60
    ops.complete_check_run(run.id, _output(61), "failure")  # a different result is posted
    assert len(github_standin.calls("PATCH", f"/check-runs/{run.id}$")) == 4


def test_a_retry_resumes_after_the_batches_already_sent(
    ops: RepoOps, github_standin: GitHubStandIn
) -> None:
    run = ops.find_or_create_check_run(SHA)
    github_standin.fail_next(502, method="PATCH", skip=1)  # the first batch passes, the 2nd fails
    with pytest.raises(RetryLater):
        ops.complete_check_run(run.id, _output(120), "success")
    assert len(github_standin.check_runs(REPO)[0].annotations) == 50
    ops.complete_check_run(run.id, _output(120), "success")
    (stored,) = github_standin.check_runs(REPO)
    assert [item["message"] for item in stored.annotations] == [f"stale {i}" for i in range(120)]
    assert (stored.status, stored.conclusion) == ("completed", "success")
    assert [call.status for call in github_standin.calls("PATCH")] == [200, 502, 200, 200]


@pytest.mark.parametrize("failing_batch", [0, 1, 2])
def test_a_batch_applied_but_unanswered_is_not_sent_twice(
    ops: RepoOps, github_standin: GitHubStandIn, failing_batch: int
) -> None:
    """GitHub applied the PATCH but the answer was lost (a 502 from the gateway, or the worker
    died before recording it): the retry must not append those annotations a second time."""
    run = ops.find_or_create_check_run(SHA)
    github_standin.fail_next(502, method="PATCH", skip=failing_batch, applied=True)
    with pytest.raises(RetryLater):
        ops.complete_check_run(run.id, _output(120), "success")
    ops.complete_check_run(run.id, _output(120), "success")
    (stored,) = github_standin.check_runs(REPO)
    assert [item["message"] for item in stored.annotations] == [f"stale {i}" for i in range(120)]
    assert (stored.status, stored.conclusion) == ("completed", "success")
    assert len(github_standin.calls("PATCH")) == 3


def test_concurrent_completions_send_each_annotation_once(
    app: GitHubApp, github_standin: GitHubStandIn, redis_url: str
) -> None:
    """An `/audit` rerun and the automatic check finishing the same run at the same time."""
    run = app.repo(INSTALLATION, REPO).find_or_create_check_run(SHA)
    apps = [app] + [GitHubApp(github_standin.settings(redis_url=redis_url)) for _ in range(3)]
    with ThreadPoolExecutor(len(apps)) as pool:
        list(
            pool.map(
                lambda each: each.repo(INSTALLATION, REPO).complete_check_run(
                    run.id, _output(120), "failure"
                ),
                apps,
            )
        )
    (stored,) = github_standin.check_runs(REPO)
    assert [item["message"] for item in stored.annotations] == [f"stale {i}" for i in range(120)]
    assert len(github_standin.calls("PATCH")) == 3


def test_a_different_result_is_posted_again(ops: RepoOps, github_standin: GitHubStandIn) -> None:
    run = ops.find_or_create_check_run(SHA)
    ops.complete_check_run(run.id, _output(1), "failure")
    ops.complete_check_run(run.id, _output(0), "success")
    (stored,) = github_standin.check_runs(REPO)
    assert stored.conclusion == "success"
    assert len(github_standin.calls("PATCH")) == 2
