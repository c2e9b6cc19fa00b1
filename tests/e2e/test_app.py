"""End to end: signed deliveries into the web app, real Celery workers started by the deploy
launcher, git repositories fetched over loopback HTTP with installation tokens, and the GitHub
stand-in's state asserted afterwards."""

from __future__ import annotations

import base64

import httpx
import pytest

from bot.jobs import (
    SWEEP_QUEUE,
    WEEKLY_SWEEP_TASK,
    CommentCommand,
    PullRequestAudit,
    PushAudit,
    RepositorySweep,
)
from bot.markers import (
    PR_COMMENT_MARKER,
    SWEEP_ISSUE_MARKER,
    follow_up_marker,
    reply_marker,
    suggestion_marker,
)
from tests.e2e import payloads
from tests.e2e.conftest import E2E
from tests.e2e.deployment import wait_until
from tests.support.git_http import basic_token
from tests.workers.drivers import AFFECTED, AFFECTED_REQUEST_LINE, FIXED, UNRELATED
from tests.workers.world import INSTALLATION_ID

pytestmark = pytest.mark.slow
PR_TASK = PullRequestAudit.TASK_NAME
KILL_TEST_DRIVERS = 120  # 3 batches of annotations


def test_pull_request_check_run_annotation_sticky_comment_and_second_push(e2e: E2E) -> None:
    name = "e2e/pull-request"
    git, repo_id = e2e.repo(name)
    git.commit("base", {"fixed.py": FIXED})
    git.branch("eval-loop")
    git.checkout("eval-loop")
    first_head = git.commit("eval loop", {"eval_ckpts.py": AFFECTED})
    number = e2e.world.open_pull(name, git, "eval-loop")
    base = git.git("rev-parse", "main")

    # GitHub sends both for a new head commit; the suite names no pull request here.
    opened = e2e.deliver(
        "pull_request",
        e2e.pull_request_payload(
            "opened", repo=name, repo_id=repo_id, number=number, git=git, branch="eval-loop"
        ),
    )
    suite = e2e.deliver(
        "check_suite",
        payloads.check_suite(
            "requested",
            repo=name,
            repo_id=repo_id,
            installation_id=INSTALLATION_ID,
            head_sha=first_head,
            head_branch="eval-loop",
        ),
    )
    outcomes = [e2e.result(PR_TASK, opened, name), e2e.result(PR_TASK, suite, name)]

    assert sorted(outcome["status"] for outcome in outcomes) == ["duplicate", "posted"]
    [run] = e2e.standin.check_runs(name)
    assert (run.head_sha, run.status, run.conclusion) == (first_head, "completed", "failure")
    assert [(a["path"], a["start_line"], a["annotation_level"]) for a in run.annotations] == [
        ("eval_ckpts.py", AFFECTED_REQUEST_LINE, "failure")
    ]
    [comment] = e2e.standin.comments(name, number)
    assert comment.body.startswith(PR_COMMENT_MARKER)
    assert "this pull request adds 1 affected driver" in comment.body

    second_head = git.commit("distinct ids", {"eval_ckpts.py": FIXED})
    e2e.world.push(git, "eval-loop")
    e2e.world.move_pull_head(name, number, second_head)
    synchronize = e2e.deliver(
        "pull_request",
        e2e.pull_request_payload(
            "synchronize", repo=name, repo_id=repo_id, number=number, git=git, branch="eval-loop"
        ),
    )
    assert e2e.result(PR_TASK, synchronize, name)["conclusion"] == "success"

    runs = e2e.standin.check_runs(name)
    assert [(r.head_sha, r.conclusion) for r in runs] == [
        (first_head, "failure"),
        (second_head, "success"),
    ]
    [edited] = e2e.standin.comments(name, number)
    assert (edited.id, edited.edits) == (comment.id, 1)
    assert "no driver this pull request changed is affected" in edited.body
    assert e2e.standin.check_runs(name, head_sha=base) == []


def test_unrelated_change_succeeds_and_lists_the_old_finding_unannotated(e2e: E2E) -> None:
    name = "e2e/pre-existing"
    git, repo_id = e2e.repo(name)
    git.commit("base", {"eval_ckpts.py": AFFECTED})
    git.branch("docs")
    git.checkout("docs")
    git.commit("helper", {"util.py": UNRELATED})
    number = e2e.world.open_pull(name, git, "docs")

    guid = e2e.deliver(
        "pull_request",
        e2e.pull_request_payload(
            "opened", repo=name, repo_id=repo_id, number=number, git=git, branch="docs"
        ),
    )

    assert e2e.result(PR_TASK, guid, name)["conclusion"] == "success"
    [run] = e2e.standin.check_runs(name)
    assert run.conclusion == "success"
    assert run.annotations == []
    assert run.summary is not None
    assert "eval_ckpts.py" in run.summary
    assert "already on base" in run.summary
    # Quiet by default: nothing this pull request changed is worth a comment.
    assert e2e.standin.comments(name, number) == []


def test_suggested_change_on_the_request_line_once_per_head_and_none_without_findings(
    e2e: E2E,
) -> None:
    name = "e2e/suggestions"
    git, repo_id = e2e.repo(name)
    git.commit("base", {"fixed.py": FIXED})
    git.branch("eval-loop")
    git.checkout("eval-loop")
    head = git.commit("eval loop", {"eval_ckpts.py": AFFECTED})
    number = e2e.world.open_pull(name, git, "eval-loop")
    opened = e2e.pull_request_payload(
        "opened", repo=name, repo_id=repo_id, number=number, git=git, branch="eval-loop"
    )

    delivery = e2e.standin.deliver("pull_request", opened)
    assert e2e.result(PR_TASK, delivery.guid, name)["status"] == "posted"

    [comment] = e2e.standin.review_comments(name, number)
    assert (comment.path, comment.commit_id, comment.side) == ("eval_ckpts.py", head, "RIGHT")
    # One block from the id map after the imports to the request line, which it rewrites.
    assert (comment.start_line, comment.line) == (3, AFFECTED_REQUEST_LINE)
    assert comment.user.login == e2e.standin.bot_login
    assert comment.body.startswith(suggestion_marker(head, "eval_ckpts.py"))
    suggestion = comment.body.split("```suggestion\n", 1)[1].split("\n```", 1)[0]
    assert suggestion.splitlines() == [
        "",
        "_lora_ids: dict[object, int] = {}  # adapter path -> lora_int_id",
        "",
        'CHECKPOINTS = ["ckpt/step_100", "ckpt/step_200", "ckpt/step_300"]',
        "",
        'llm = LLM(model="base-model", enable_lora=True)',
        "for ckpt in CHECKPOINTS:",
        '    out = llm.generate(["hello"], SamplingParams(), lora_request=LoRARequest('
        'f"adapter-{_lora_ids.setdefault(ckpt, len(_lora_ids) + 1)}", '
        "_lora_ids.setdefault(ckpt, len(_lora_ids) + 1), ckpt))",
    ]

    # GitHub redelivers the event, and sends a check suite for the same head; a writer asks
    # for a re-run. None of them adds a second suggestion.
    assert e2e.standin.deliver("pull_request", opened, guid=delivery.guid).status_code == 202
    suite = e2e.deliver(
        "check_suite",
        payloads.check_suite(
            "requested",
            repo=name,
            repo_id=repo_id,
            installation_id=INSTALLATION_ID,
            head_sha=head,
            head_branch="eval-loop",
        ),
    )
    assert e2e.result(PR_TASK, suite, name)["status"] == "duplicate"
    e2e.standin.set_permission(name, "writer", "write")
    command_id = e2e.standin.add_comment(name, number, "/audit", author="writer")
    rerun = e2e.deliver(
        "issue_comment",
        payloads.issue_comment(
            repo=name,
            repo_id=repo_id,
            installation_id=INSTALLATION_ID,
            issue_number=number,
            comment_id=command_id,
            author="writer",
            body="/audit",
            on_pull=True,
        ),
    )
    assert e2e.result(CommentCommand.TASK_NAME, rerun, name)["status"] == "audited"
    assert [c.id for c in e2e.standin.review_comments(name, number)] == [comment.id]

    # A pull request that adds no affected driver gets no suggestion.
    git.checkout("main")
    git.branch("docs")
    git.checkout("docs")
    git.commit("helper", {"util.py": UNRELATED})
    quiet = e2e.world.open_pull(name, git, "docs")
    guid = e2e.deliver(
        "pull_request",
        e2e.pull_request_payload(
            "opened", repo=name, repo_id=repo_id, number=quiet, git=git, branch="docs"
        ),
    )
    assert e2e.result(PR_TASK, guid, name)["suggestions"] == []
    assert e2e.standin.review_comments(name, quiet) == []


def test_default_branch_pushes_follow_up_issue_fix_commits_and_sweep_issue(e2e: E2E) -> None:
    name = "e2e/main-branch"
    git, repo_id = e2e.repo(name)
    start = git.commit("start", {"util.py": UNRELATED})
    broken = git.commit("eval loop", {"eval_ckpts.py": AFFECTED})
    e2e.world.push(git, "main")

    def push(before: str, after: str) -> dict[str, object]:
        payload = payloads.push(
            repo=name, repo_id=repo_id, installation_id=INSTALLATION_ID, before=before, after=after
        )
        result: dict[str, object] = e2e.result(
            PushAudit.TASK_NAME, e2e.deliver("push", payload), name
        )
        return result

    assert push(start, broken)["conclusion"] == "failure"
    [issue] = e2e.standin.issues(name)
    assert follow_up_marker("eval_ckpts.py") in (issue.body or "")

    fixed = git.commit("distinct ids", {"eval_ckpts.py": FIXED})
    e2e.world.push(git, "main")
    assert push(broken, fixed)["closed"] == ["eval_ckpts.py"]
    closed = e2e.standin.issue(name, issue.number)
    assert closed.state == "closed"
    [closing] = e2e.standin.comments(name, issue.number)
    assert fixed[:7] in closing.body

    # A fix commit that lives on a branch but never reached the default branch.
    git.branch("hotfix")
    git.checkout("hotfix")
    stray = git.commit("the real fix", {"other.py": UNRELATED})
    git.checkout("main")
    config = f'fix_commits: [{{sha: "{stray[:10]}", title: "stray fix"}}]\n'
    configured = git.commit("configure the fix", {".github/lora-audit.yml": config})
    e2e.world.push(git, "main", "hotfix")
    push(fixed, configured)
    [run] = e2e.standin.check_runs(name, head_sha=configured)
    assert run.summary is not None
    assert stray[:7] in run.summary
    assert "have not reached the default branch" in run.summary

    sweep = RepositorySweep(installation_id=INSTALLATION_ID, repo=name, reason="weekly")
    sent = e2e.results.send_task(
        sweep.TASK_NAME, kwargs=sweep.model_dump(mode="json"), queue=sweep.QUEUE
    )
    swept = sent.get(timeout=60, interval=0.1)
    sweep_issue = e2e.standin.issue(name, swept["issue"])
    assert SWEEP_ISSUE_MARKER in (sweep_issue.body or "")
    assert stray[:7] in (sweep_issue.body or "")


def test_audit_command_refusal_reply_and_sweep(e2e: E2E) -> None:
    name = "e2e/commands"
    git, repo_id = e2e.repo(name)
    git.commit("start", {"eval_ckpts.py": AFFECTED})
    git.branch("more")
    git.checkout("more")
    head = git.commit("helper", {"util.py": UNRELATED})
    number = e2e.world.open_pull(name, git, "more")
    issue = e2e.standin.add_issue(name, "is main affected?")
    e2e.standin.set_permission(name, "reader", "read")
    e2e.standin.set_permission(name, "writer", "write")

    def command(issue_number: int, author: str, *, on_pull: bool) -> tuple[int, dict[str, object]]:
        comment_id = e2e.standin.add_comment(name, issue_number, "/audit", author=author)
        payload = payloads.issue_comment(
            repo=name,
            repo_id=repo_id,
            installation_id=INSTALLATION_ID,
            issue_number=issue_number,
            comment_id=comment_id,
            author=author,
            body="/audit",
            on_pull=on_pull,
        )
        guid = e2e.deliver("issue_comment", payload)
        return comment_id, e2e.result(CommentCommand.TASK_NAME, guid, name)

    def replies(issue_number: int, comment_id: int) -> list[str]:
        return [
            c.body
            for c in e2e.standin.comments(name, issue_number)
            if reply_marker(comment_id) in c.body
        ]

    refused_id, refused = command(issue, "reader", on_pull=False)
    assert refused["status"] == "refused"
    [refusal] = replies(issue, refused_id)
    assert "only people with write access" in refusal
    assert e2e.standin.reactions(refused_id) == [("eyes", e2e.standin.bot_login)]

    pr_id, on_pull = command(number, "writer", on_pull=True)
    assert on_pull["status"] == "audited"
    assert e2e.standin.reactions(pr_id) == [("eyes", e2e.standin.bot_login)]
    [reply] = replies(number, pr_id)
    assert not reply.startswith(PR_COMMENT_MARKER)  # a new comment, not the sticky one
    [run] = e2e.standin.check_runs(name, head_sha=head)
    assert run.conclusion == "success"

    issue_id, swept = command(issue, "writer", on_pull=False)
    assert swept["status"] == "swept"
    sweep_issue = e2e.standin.issue(name, int(str(swept["issue"])))
    assert SWEEP_ISSUE_MARKER in (sweep_issue.body or "")
    [answer] = replies(issue, issue_id)
    assert f"/issues/{sweep_issue.number}" in answer


def test_weekly_sweep_twice_keeps_one_sweep_issue_updated(e2e: E2E) -> None:
    name = "e2e/weekly"
    git, _ = e2e.repo(name)
    git.commit("start", {"eval_ckpts.py": AFFECTED})
    e2e.world.push(git, "main")

    def weekly() -> None:
        sent = e2e.results.send_task(WEEKLY_SWEEP_TASK, queue=SWEEP_QUEUE)
        fan_out = sent.get(timeout=60, interval=0.1)
        assert name in fan_out["repositories"]
        # Every installed repository is swept; wait for all, so none runs into the next test.
        for repo in fan_out["repositories"]:
            task_id = f"{RepositorySweep.TASK_NAME}:{fan_out['run']}:{repo}"
            swept = e2e.results.AsyncResult(task_id).get(timeout=120, interval=0.1)
            assert swept["status"] in {"swept", "skipped"}, (repo, swept)

    weekly()
    [issue] = [i for i in e2e.standin.issues(name) if SWEEP_ISSUE_MARKER in (i.body or "")]
    git.commit("a second loop", {"more_evals.py": AFFECTED})
    e2e.world.push(git, "main")
    weekly()

    [updated] = [i for i in e2e.standin.issues(name) if SWEEP_ISSUE_MARKER in (i.body or "")]
    assert updated.number == issue.number
    assert updated.edits == 1
    assert "more_evals.py" in (updated.body or "")
    # The edit notifies nobody: the new finding is announced with a comment.
    [news] = e2e.standin.comments(name, issue.number)
    assert "New since the last sweep" in news.body
    assert "more_evals.py" in news.body


def test_github_errors_and_rate_limits_still_post_exactly_once(e2e: E2E) -> None:
    name = "e2e/flaky-github"
    git, repo_id = e2e.repo(name)
    git.commit("base", {"util.py": UNRELATED})
    git.branch("loop")
    git.checkout("loop")
    head = git.commit("loop", {"eval_ckpts.py": AFFECTED})
    number = e2e.world.open_pull(name, git, "loop")
    repo_path = rf"/repos/{name}/"
    retry_after = {"retry-after": "1"}
    e2e.standin.fail_next(
        502, times=2, method="POST", path=repo_path + "check-runs$", headers=retry_after
    )
    e2e.standin.rate_limit_next(
        retry_after=1, times=2, method="PATCH", path=repo_path + "check-runs/"
    )
    e2e.standin.fail_next(
        502, times=1, method="POST", path=repo_path + r"issues/\d+/comments$", headers=retry_after
    )

    guid = e2e.deliver(
        "pull_request",
        e2e.pull_request_payload(
            "opened", repo=name, repo_id=repo_id, number=number, git=git, branch="loop"
        ),
    )

    assert e2e.result(PR_TASK, guid, name)["status"] == "posted"
    [run] = e2e.standin.check_runs(name)
    assert (run.head_sha, run.conclusion, len(run.annotations)) == (head, "failure", 1)
    assert len(e2e.standin.comments(name, number)) == 1
    injected = [call for call in e2e.standin.calls(path=repo_path) if call.injected]
    assert len(injected) == 5


def test_workers_killed_in_the_middle_of_posting_annotations_post_each_exactly_once(
    e2e: E2E,
) -> None:
    """120 newly affected drivers are 3 annotation batches. The whole host dies while GitHub is
    applying the second (it still applies it, unanswered); the task comes back and finishes:
    every annotation once, one check run, one comment."""
    name = "e2e/killed-worker"
    git, repo_id = e2e.repo(name)
    git.commit("base", {"util.py": UNRELATED})
    git.branch("loop")
    git.checkout("loop")
    drivers = {
        f"drivers/d{index:03}.py": AFFECTED.replace('"adapter"', f'"adapter{index}"')
        for index in range(KILL_TEST_DRIVERS)
    }
    head = git.commit("loops", drivers)
    number = e2e.world.open_pull(name, git, "loop")
    restarts = {n: e2e.deployment.state()[n]["restarts"] for n in e2e.deployment.worker_names()}
    second_batch = e2e.standin.gate.hold(
        "PATCH", rf"^/repos/{name}/check-runs/\d+$", seconds=2, skip=1
    )

    guid = e2e.deliver(
        "pull_request",
        e2e.pull_request_payload(
            "opened", repo=name, repo_id=repo_id, number=number, git=git, branch="loop"
        ),
    )
    assert second_batch.wait(timeout=90), e2e.deployment.all_logs()
    for worker in e2e.deployment.worker_names():  # the whole host goes down mid-post
        e2e.deployment.kill(worker)
    assert len(e2e.standin.check_runs(name)[0].annotations) == 50  # the 2nd is not applied yet

    outcome = e2e.result(PR_TASK, guid, name, timeout=120)
    assert outcome["status"] in {"posted", "duplicate"}
    [run] = e2e.standin.check_runs(name)
    assert (run.head_sha, run.status, run.conclusion) == (head, "completed", "failure")
    assert sorted(a["path"] for a in run.annotations) == sorted(drivers)
    assert len(e2e.standin.comments(name, number)) == 1
    received = f"Task {PR_TASK}[{PR_TASK}:{guid}:{name}] received"
    assert e2e.deployment.all_logs().count(received) >= 2
    state = e2e.deployment.state()
    assert all(state[n]["restarts"] == restarts[n] + 1 for n in restarts)
    for worker in e2e.deployment.worker_names():
        e2e.deployment.wait_ready(worker, restarts[worker] + 2)


def test_redis_restart_not_ready_then_failed_deliveries_are_recovered(e2e: E2E) -> None:
    name = "e2e/redis-restart"
    git, repo_id = e2e.repo(name)
    git.commit("base", {"util.py": UNRELATED})
    git.branch("loop")
    git.checkout("loop")
    head = git.commit("loop", {"eval_ckpts.py": AFFECTED})
    number = e2e.world.open_pull(name, git, "loop")
    assert e2e.deployment.readyz() == 200

    e2e.redis.stop()
    try:
        assert e2e.deployment.readyz() == 503
        payload = e2e.pull_request_payload(
            "opened", repo=name, repo_id=repo_id, number=number, git=git, branch="loop"
        )
        failed = e2e.standin.deliver("pull_request", payload)
        assert failed.status_code == 503
    finally:
        e2e.redis.start()
    wait_until(lambda: e2e.deployment.readyz() == 200, timeout=30, what="/readyz to recover")

    [run] = e2e.completed_runs(name, head)
    assert run.conclusion == "failure"
    assert failed.id in e2e.standin.redelivered
    wait_until(lambda: e2e.standin.comments(name, number), timeout=30, what="the sticky comment")
    result = e2e.result(PR_TASK, failed.guid, name)  # the redelivery queued the job
    assert result["status"] == "posted"
    assert len(e2e.standin.comments(name, number)) == 1


def test_installation_sweeps_so_the_badge_exists(e2e: E2E) -> None:
    name = "e2e/installed"
    git, repo_id = e2e.repo(name)
    git.commit("start", {"eval_ckpts.py": AFFECTED})
    e2e.world.push(git, "main")
    before = httpx.get(f"{e2e.deployment.url}/badge/{name}.json", timeout=5)
    assert (before.status_code, before.json()["message"]) == (200, "unknown")

    payload = payloads.installation_created(
        installation_id=INSTALLATION_ID, repos=[(name, repo_id)]
    )
    guid = e2e.deliver("installation", payload)

    assert e2e.result(RepositorySweep.TASK_NAME, guid, name)["status"] == "swept"
    badge = httpx.get(f"{e2e.deployment.url}/badge/{name}.json", timeout=5)
    assert badge.status_code == 200
    assert badge.json()["message"] == "1 affected"


def test_no_token_in_any_log_or_file(e2e: E2E) -> None:
    tokens = list(e2e.standin.state.tokens)
    assert tokens
    # Every fetch went over HTTP and carried an issued token: git saw them, and still wrote
    # none down (and the host refused anything else).
    fetched = [seen for seen in e2e.git_host.requests() if seen.status == 200]
    assert fetched
    assert {basic_token(seen.authorization) for seen in fetched} <= set(tokens)
    logs = e2e.deployment.all_logs()
    assert "ready." in logs
    assert not [token for token in tokens if token in logs]
    encoded = [base64.b64encode(f"x-access-token:{token}".encode()) for token in tokens]
    for path in e2e.world.cache_dir.rglob("*"):
        if path.is_file() and not path.name.startswith("celerybeat-schedule"):
            data = path.read_bytes()
            assert not [token for token in tokens if token.encode() in data], path
            assert not [header for header in encoded if header in data], path
