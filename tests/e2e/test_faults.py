"""Faults injected into a running deployment (launcher, web app, Celery workers, a persistent
Redis, the GitHub stand-in behind a gate, git over loopback HTTP): nothing is left in progress,
nothing accepted is lost, nothing runs or is posted twice."""

from __future__ import annotations

import threading
import time
from typing import Any

import httpx
import pytest
import redis

from bot.badge import BadgeState, load_badge_state, save_badge_state
from bot.jobs import AUDIT_QUEUE, ForgetRepository, PullRequestAudit, RepositorySweep
from tests.e2e import payloads
from tests.e2e.conftest import E2E, TASK_TIME_LIMIT, VISIBILITY_TIMEOUT
from tests.e2e.deployment import wait_until
from tests.support.broker import queued_tasks
from tests.support.gitrepo import GitRepo
from tests.workers.drivers import AFFECTED, AFFECTED_REQUEST_LINE, UNRELATED
from tests.workers.world import INSTALLATION_ID

pytestmark = pytest.mark.slow
PR_TASK = PullRequestAudit.TASK_NAME
FORGET_TASK = ForgetRepository.TASK_NAME


def _affected_pull(
    e2e: E2E, name: str, files: dict[str, str] | None = None
) -> tuple[GitRepo, int, int, str]:
    """A repository whose pull request adds an affected driver: (git, repo id, number, head)."""
    git, repo_id = e2e.repo(name)
    git.commit("base", {"util.py": UNRELATED})
    git.branch("loop")
    git.checkout("loop")
    head = git.commit("loop", files or {"eval_ckpts.py": AFFECTED})
    number = e2e.world.open_pull(name, git, "loop")
    return git, repo_id, number, head


def _open(e2e: E2E, name: str, repo_id: int, number: int, git: GitRepo) -> str:
    return e2e.deliver(
        "pull_request",
        e2e.pull_request_payload(
            "opened", repo=name, repo_id=repo_id, number=number, git=git, branch="loop"
        ),
    )


def _final(e2e: E2E, task: str, guid: str, repo: str, timeout: float = 90) -> dict[str, Any]:
    """The task's result once it finished for good: a failure stored by an attempt that was
    killed, or that gave up, is replaced when a later attempt of the same task finishes."""

    def finished() -> dict[str, Any] | None:
        result = e2e.result(task, guid, repo, timeout=timeout)
        return result if isinstance(result, dict) else None

    found: dict[str, Any] = wait_until(finished, timeout=timeout, what=f"{task} of {guid}")
    return found


def _attempts_started(e2e: E2E, guid: str, attempt: int) -> int:
    """How many times an attempt numbered `attempt` of a delivery's task started, in any worker."""
    wanted = f"starting {PR_TASK} (attempt {attempt})"
    return sum(
        1
        for line in e2e.deployment.all_logs().splitlines()
        if f"delivery={guid} " in line and wanted in line
    )


def test_a_task_killed_at_the_hard_time_limit_completes_its_check_on_the_next_attempt(
    e2e: E2E,
) -> None:
    """GitHub hangs: the soft limit stops the audit, and reporting that hangs too until the hard
    limit kills the task. The next attempt completes the check as failed, saying why."""
    name = "faults/hard-limit"
    git, repo_id, number, head = _affected_pull(e2e, name)
    # Both reads of the run (completing it, then reporting the failure) hang past the limits.
    e2e.standin.gate.hold("GET", rf"^/repos/{name}/check-runs/\d+$", seconds=30, times=2)

    guid = _open(e2e, name, repo_id, number, git)
    outcome = _final(e2e, PR_TASK, guid, name)

    assert outcome["status"] == "incomplete"
    [run] = e2e.standin.check_runs(name)
    assert (run.head_sha, run.status, run.conclusion) == (head, "completed", "failure")
    assert run.summary is not None
    assert f"hard time limit of {TASK_TIME_LIMIT:g}s" in run.summary
    assert "never counts as a pass" in run.summary
    assert f"Hard time limit ({TASK_TIME_LIMIT}" in e2e.deployment.all_logs()


def test_a_github_outage_longer_than_the_retries_releases_the_claim_and_is_completed_later(
    e2e: E2E,
) -> None:
    name = "faults/outage"
    git, repo_id, number, head = _affected_pull(e2e, name)
    completion = rf"^/repos/{name}/check-runs/\d+$"
    e2e.standin.fail_next(
        502, times=10_000, method="PATCH", path=completion, headers={"retry-after": "1"}
    )

    first = _open(e2e, name, repo_id, number, git)
    given_up = e2e.result(PR_TASK, first, name, timeout=120)  # JobFailed after the retries
    assert isinstance(given_up, Exception)
    [run] = e2e.standin.check_runs(name)
    assert run.status == "in_progress"  # GitHub could not even be told

    # GitHub is back. A later event for the same commit is not refused as busy: it audits.
    with e2e.standin.state.lock:
        e2e.standin.state.failures.clear()
    suite = e2e.deliver(
        "check_suite",
        payloads.check_suite(
            "requested",
            repo=name,
            repo_id=repo_id,
            installation_id=INSTALLATION_ID,
            head_sha=head,
            head_branch="loop",
        ),
    )
    assert e2e.result(PR_TASK, suite, name)["status"] == "posted"
    # The first job, kept by the ledger, is sent again by the recovery and finds it taken.
    wait_until(
        lambda: "sent " + f"{PR_TASK}:{first}:{name} again" in e2e.deployment.all_logs(),
        timeout=60,
        what="the recovery to send the given-up job again",
    )
    again = wait_until(
        lambda: (
            isinstance(e2e.result(PR_TASK, first, name), dict) and e2e.result(PR_TASK, first, name)
        ),
        timeout=60,
        what="the job sent again to finish",
    )
    assert again["status"] == "duplicate"
    [run] = e2e.standin.check_runs(name)
    assert (run.status, run.conclusion) == ("completed", "failure")
    assert [(a["path"], a["start_line"]) for a in run.annotations] == [
        ("eval_ckpts.py", AFFECTED_REQUEST_LINE)
    ]
    assert len(e2e.standin.comments(name, number)) == 1


def test_a_retry_after_longer_than_the_visibility_timeout_runs_once(e2e: E2E) -> None:
    """Waiting in a queued message longer than the broker's visibility timeout would hand the
    task to a second worker; it is parked instead, and its next attempt runs once."""
    name = "faults/long-retry-after"
    git, repo_id, number, _ = _affected_pull(e2e, name)
    e2e.standin.rate_limit_next(
        retry_after=VISIBILITY_TIMEOUT + 2,
        times=1,
        method="PATCH",
        path=rf"^/repos/{name}/check-runs/\d+$",
    )

    guid = _open(e2e, name, repo_id, number, git)
    assert e2e.result(PR_TASK, guid, name, timeout=90)["status"] == "posted"

    time.sleep(3)  # room for a second copy to show up, if there were one (it would run at once)
    assert _attempts_started(e2e, guid, 1) == 1
    assert _attempts_started(e2e, guid, 2) == 1
    [run] = e2e.standin.check_runs(name)
    assert (run.conclusion, len(run.annotations)) == ("failure", 1)
    assert len(e2e.standin.comments(name, number)) == 1


def _privatized(e2e: E2E, repo: str, repo_id: int) -> dict[str, Any]:
    return payloads.repository(
        "privatized", repo=repo, repo_id=repo_id, installation_id=INSTALLATION_ID
    )


def _badged(e2e: E2E, repos: list[str]) -> None:
    client = redis.Redis.from_url(e2e.redis.url)
    for repo in repos:
        save_badge_state(client, BadgeState(repo=repo, sha="a" * 40, private=False))


def test_a_persistent_redis_restarted_mid_burst_loses_no_accepted_delivery(e2e: E2E) -> None:
    repos = [f"faults/burst-{index}" for index in range(60)]
    _badged(e2e, repos)
    answers: dict[str, tuple[str, int]] = {}  # repo -> (guid, first status)

    def burst() -> None:
        for index, repo in enumerate(repos):
            delivery = e2e.standin.deliver("repository", _privatized(e2e, repo, 5000 + index))
            answers[repo] = (delivery.guid, delivery.status_code)
            time.sleep(0.03)

    sender = threading.Thread(target=burst)
    sender.start()
    time.sleep(0.6)
    e2e.redis.restart()  # graceful: the append-only file keeps what was acknowledged
    sender.join()
    statuses = [status for _, status in answers.values()]
    assert 202 in statuses

    # Every delivery ends with its job done: those accepted directly, those refused while
    # Redis was down once the recovery has them redelivered, and any whose attempt Redis cut
    # short once the ledger has them sent again.
    # (A chain of them can take long on a loaded machine: a lost message is sent again only
    # after `lost_after`, about 23 s here, and its new attempt may meet the restart's backoff.)
    for repo, (guid, _) in answers.items():
        result = _final(e2e, FORGET_TASK, guid, repo, timeout=180)
        assert result["status"] == "forgotten", (repo, result)
    client = redis.Redis.from_url(e2e.redis.url)
    assert [repo for repo in repos if load_badge_state(client, repo) is not None] == []
    assert wait_until(lambda: e2e.deployment.readyz() == 200, timeout=30, what="/readyz")


def test_accepted_deliveries_redis_lost_are_redelivered_and_run(e2e: E2E) -> None:
    """A Redis that lost its data (what a restart without persistence does) after deliveries
    were acknowledged: their jobs were never run. GitHub's delivery log still has the 202s."""
    repos = [f"faults/lost-{index}" for index in range(8)]
    paused = [e2e.deployment.pause(worker) for worker in e2e.deployment.worker_names()]
    try:
        guids = {
            repo: e2e.deliver("repository", _privatized(e2e, repo, 6000 + index))
            for index, repo in enumerate(repos)
        }
        # The paused workers already took a few (their fetch was in flight); the rest wait in
        # Redis and are lost with everything else it held.
        lost = {task.kwargs["delivery_id"] for task in queued_tasks(e2e.redis.url, AUDIT_QUEUE)}
        redis.Redis.from_url(e2e.redis.url).flushall()
        _badged(e2e, repos)  # (the states the jobs must still drop)
    finally:
        for pid in paused:
            e2e.deployment.resume(pid)
    assert lost

    for repo, guid in guids.items():
        assert _final(e2e, FORGET_TASK, guid, repo, timeout=60)["status"] == "forgotten"
    client = redis.Redis.from_url(e2e.redis.url)
    assert [repo for repo in repos if load_badge_state(client, repo) is not None] == []
    # (GitHub logs a redelivery once the app has answered it: the job may finish first.)
    wait_until(
        lambda: lost <= {d.guid for d in e2e.standin.deliveries() if d.redelivery},
        timeout=10,
        what="the lost deliveries to be logged as redelivered",
    )


def test_badges_of_repositories_the_app_may_no_longer_show_say_unknown(e2e: E2E) -> None:
    names = {"private": "faults/badge-private", "gone": "faults/badge-uninstalled"}
    ids = {}
    for key, name in names.items():
        git, ids[key] = e2e.repo(name)
        git.commit("start", {"eval_ckpts.py": AFFECTED})
        e2e.world.push(git, "main")
    public = "faults/badge-public"
    _badged(e2e, [public])  # a repository the App still shows, for comparison
    never = httpx.get(f"{e2e.deployment.url}/badge/nobody/never-audited.svg", timeout=5)
    assert never.status_code == 200

    installed = payloads.installation_created(
        installation_id=INSTALLATION_ID, repos=[(names[k], ids[k]) for k in names]
    )
    guid = e2e.deliver("installation", installed)
    for name in names.values():
        assert _final(e2e, RepositorySweep.TASK_NAME, guid, name)["status"] == "swept"

    def badge(name: str) -> httpx.Response:
        return httpx.get(f"{e2e.deployment.url}/badge/{name}.svg", timeout=5)

    assert all("1 affected" in badge(name).text for name in names.values())

    private = e2e.deliver(
        "repository",
        payloads.repository(
            "privatized", repo=names["private"], repo_id=ids["private"],
            installation_id=INSTALLATION_ID,
        ),
    )  # fmt: skip
    uninstalled = e2e.deliver(
        "installation",
        payloads.installation_deleted(
            installation_id=INSTALLATION_ID, repos=[(names["gone"], ids["gone"])]
        ),
    )
    assert _final(e2e, FORGET_TASK, private, names["private"])["status"] == "forgotten"
    assert _final(e2e, FORGET_TASK, uninstalled, names["gone"])["status"] == "forgotten"

    for key in ("private", "gone"):
        answer = badge(names[key])
        assert (answer.status_code, answer.content) == (never.status_code, never.content)
        assert answer.headers["cache-control"] == never.headers["cache-control"]
    assert badge(public).content != never.content
