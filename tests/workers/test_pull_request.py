"""The pull-request check against the stand-in, real Redis and real git (no Celery here)."""

from __future__ import annotations

import pytest

from bot.jobs import PullRequestAudit
from bot.markers import PR_COMMENT_MARKER
from tests.workers.conftest import context
from tests.workers.drivers import AFFECTED, AFFECTED_REQUEST_LINE, FIXED, UNDECIDED, UNRELATED
from tests.workers.world import INSTALLATION_ID, World
from workers import pull_request
from workers.repo_cache import MissingCommit
from workers.services import Services

REPO = "octo/evals"


def _job(head: str, base: str, number: int | None, trigger: str, delivery: str) -> PullRequestAudit:
    return PullRequestAudit(
        delivery_id=delivery,
        installation_id=INSTALLATION_ID,
        repo=REPO,
        head_sha=head,
        pull_number=number,
        base_sha=base if number is not None else None,
        base_ref="main" if number is not None else None,
        trigger=trigger,
    )


def test_a_pull_request_adding_an_affected_driver_fails_with_an_annotation(
    world: World, services: Services
) -> None:
    repo = world.repo(REPO)
    base = repo.commit("base", {"README.md": "evals\n", "fixed.py": FIXED})
    repo.branch("eval-loop")
    repo.checkout("eval-loop")
    head = repo.commit("add an eval loop", {"eval_ckpts.py": AFFECTED})
    number = world.open_pull(REPO, repo, "eval-loop")

    result = pull_request.run(
        _job(head, base, number, "pull_request.opened", "d-1"), context(services)
    )

    assert result["status"] == "posted"
    assert result["conclusion"] == "failure"
    assert result["newly_affected"] == ["eval_ckpts.py"]
    [run] = world.standin.check_runs(REPO)
    assert (run.head_sha, run.status, run.conclusion) == (head, "completed", "failure")
    assert [(a["path"], a["start_line"]) for a in run.annotations] == [
        ("eval_ckpts.py", AFFECTED_REQUEST_LINE)
    ]
    [comment] = world.standin.comments(REPO, number)
    assert comment.body.startswith(PR_COMMENT_MARKER)
    assert "eval_ckpts.py" in comment.body
    assert comment.user.login == world.standin.bot_login


def test_pull_request_and_check_suite_for_one_head_make_one_check_run(
    world: World, services: Services
) -> None:
    repo = world.repo(REPO)
    base = repo.commit("base", {"README.md": "evals\n"})
    repo.branch("eval-loop")
    repo.checkout("eval-loop")
    head = repo.commit("add an eval loop", {"eval_ckpts.py": AFFECTED})
    number = world.open_pull(REPO, repo, "eval-loop")

    first = pull_request.run(
        _job(head, base, number, "pull_request.opened", "d-1"), context(services, "task-a")
    )
    # check_suite.requested names no pull request: the worker finds it by its head commit.
    second = pull_request.run(
        _job(head, base, None, "check_suite.requested", "d-2"), context(services, "task-b")
    )
    # A redelivery of the first event is a new task for the same claim.
    third = pull_request.run(
        _job(head, base, number, "pull_request.opened", "d-1"), context(services, "task-c")
    )

    assert first["status"] == "posted"
    assert second == {"status": "duplicate", "claim": "done"}
    assert third == {"status": "duplicate", "claim": "done"}
    [run] = world.standin.check_runs(REPO)
    assert len(run.annotations) == 1
    assert len(world.standin.comments(REPO, number)) == 1


def test_a_second_push_gets_its_own_check_run_and_edits_the_same_comment(
    world: World, services: Services
) -> None:
    repo = world.repo(REPO)
    base = repo.commit("base", {"README.md": "evals\n"})
    repo.branch("eval-loop")
    repo.checkout("eval-loop")
    first_head = repo.commit("add an eval loop", {"eval_ckpts.py": AFFECTED})
    number = world.open_pull(REPO, repo, "eval-loop")
    pull_request.run(
        _job(first_head, base, number, "pull_request.opened", "d-1"), context(services)
    )

    second_head = repo.commit("distinct ids", {"eval_ckpts.py": FIXED})
    world.push(repo, "eval-loop")
    world.move_pull_head(REPO, number, second_head)
    result = pull_request.run(
        _job(second_head, base, number, "pull_request.synchronize", "d-2"),
        context(services, "task-2"),
    )

    assert result["conclusion"] == "success"
    runs = world.standin.check_runs(REPO)
    assert [(run.head_sha, run.conclusion) for run in runs] == [
        (first_head, "failure"),
        (second_head, "success"),
    ]
    # The comment the first push needed is kept up to date, never left showing a gone finding.
    [comment] = world.standin.comments(REPO, number)
    assert comment.edits == 1
    assert "no driver this pull request changed is affected" in comment.body
    assert result["comment"] == comment.id


def test_unrelated_changes_succeed_and_list_the_old_finding_without_annotating_it(
    world: World, services: Services
) -> None:
    repo = world.repo(REPO)
    base = repo.commit("base", {"eval_ckpts.py": AFFECTED})
    repo.branch("docs")
    repo.checkout("docs")
    head = repo.commit("helpers", {"util.py": UNRELATED})
    number = world.open_pull(REPO, repo, "docs")

    result = pull_request.run(
        _job(head, base, number, "pull_request.opened", "d-1"), context(services)
    )

    assert result["conclusion"] == "success"
    [run] = world.standin.check_runs(REPO)
    assert run.conclusion == "success"
    assert run.annotations == []
    assert run.summary is not None
    assert "eval_ckpts.py" in run.summary
    assert "already on base" in run.summary
    # Nothing worth saying: no comment on the pull request.
    assert result["comment"] is None
    assert world.standin.comments(REPO, number) == []


@pytest.mark.parametrize(("mode", "comments"), [("always", 1), ("never", 0)])
def test_the_comment_key_overrides_when_the_sticky_comment_appears(
    world: World, services: Services, mode: str, comments: int
) -> None:
    repo = world.repo(REPO)
    base = repo.commit("base", {"README.md": "evals\n"})
    repo.branch("change")
    repo.checkout("change")
    # `always`: a pull request without findings; `never`: one that adds an affected driver.
    files = {"util.py": UNRELATED} if mode == "always" else {"eval_ckpts.py": AFFECTED}
    head = repo.commit("change", {".github/lora-audit.yml": f"comment: {mode}\n", **files})
    number = world.open_pull(REPO, repo, "change")

    result = pull_request.run(
        _job(head, base, number, "pull_request.opened", "d-1"), context(services)
    )

    assert result["conclusion"] == ("success" if mode == "always" else "failure")
    assert len(world.standin.comments(REPO, number)) == comments
    [run] = world.standin.check_runs(REPO)
    assert run.summary is not None
    assert "Configuration problems" not in run.summary


def test_a_driver_the_change_makes_undecided_gets_a_comment_and_a_mark(
    world: World, services: Services
) -> None:
    repo = world.repo(REPO)
    base = repo.commit("base", {"eval_manifest.py": FIXED, "keep.py": FIXED})
    repo.branch("manifest")
    repo.checkout("manifest")
    head = repo.commit("ids from a manifest", {"eval_manifest.py": UNDECIDED})
    number = world.open_pull(REPO, repo, "manifest")

    result = pull_request.run(
        _job(head, base, number, "pull_request.opened", "d-1"), context(services)
    )

    assert result["conclusion"] == "success"  # undecided never blocks
    [comment] = world.standin.comments(REPO, number)
    assert "cannot be checked" in comment.body
    assert "eval_manifest.py" in comment.body
    assert "keep.py" not in comment.body  # not changed by this pull request
    [run] = world.standin.check_runs(REPO)
    assert run.summary is not None
    assert "| 🆕 undecided | [`eval_manifest.py:" in run.summary
    # Paths link to the file at the head commit on the (stand-in's) GitHub.
    assert f"{world.standin.url}/{REPO}/blob/{head}/eval_manifest.py#L" in run.summary


def test_the_configured_conclusion_and_a_broken_config_are_respected_and_reported(
    world: World, services: Services
) -> None:
    repo = world.repo(REPO)
    base = repo.commit("base", {"README.md": "evals\n"})
    repo.branch("neutral")
    repo.checkout("neutral")
    head = repo.commit(
        "neutral policy, one bad key",
        {
            ".github/lora-audit.yml": "pull_request_conclusion: neutral\nfollow_up_issues: maybe\n",
            "eval_ckpts.py": AFFECTED,
        },
    )
    number = world.open_pull(REPO, repo, "neutral")

    result = pull_request.run(
        _job(head, base, number, "pull_request.opened", "d-1"), context(services)
    )

    assert result["conclusion"] == "neutral"
    [run] = world.standin.check_runs(REPO)
    assert run.conclusion == "neutral"
    assert run.summary is not None
    # The broken key is named (markdown-escaped) in the check run.
    assert "follow\\_up\\_issues: Input should be a valid boolean" in run.summary
    assert [a["annotation_level"] for a in run.annotations] == ["warning"]


def test_a_check_suite_on_a_branch_without_a_pull_request_compares_with_the_default_branch(
    world: World, services: Services
) -> None:
    repo = world.repo(REPO)
    repo.commit("base", {"README.md": "evals\n"})
    repo.branch("wip")
    repo.checkout("wip")
    head = repo.commit("wip", {"eval_ckpts.py": AFFECTED})
    world.push(repo, "main", "wip")

    result = pull_request.run(
        _job(head, "", None, "check_suite.requested", "d-1"), context(services)
    )

    assert result["pull_number"] is None
    assert result["newly_affected"] == ["eval_ckpts.py"]
    [run] = world.standin.check_runs(REPO)
    assert run.conclusion == "failure"


def test_an_unknown_head_commit_gives_up_with_a_failing_check_run_saying_how_to_rerun(
    world: World, services: Services
) -> None:
    repo = world.repo(REPO)
    base = repo.commit("base", {"README.md": "evals\n"})
    world.push(repo, "main")
    number = world.standin.add_pull_request(REPO, head_sha="f" * 40, base_sha=base)
    job = _job("f" * 40, base, number, "pull_request.opened", "d-1")
    ctx = context(services)

    with pytest.raises(MissingCommit) as caught:
        pull_request.run(job, ctx)
    pull_request.give_up(job, ctx, str(caught.value))

    [run] = world.standin.check_runs(REPO)
    assert run.conclusion == "failure"  # an audit that could not run is never a pass
    assert run.title == "The audit could not run"
    assert run.summary is not None
    assert "ffffffffffff is not in octo/evals" in run.summary
    assert "never counts as a pass" in run.summary
    assert "/audit" in run.summary
    # The claim was dropped, so a redelivery tries again (rather than skipping as a duplicate).
    with pytest.raises(MissingCommit):
        pull_request.run(job, context(services, "task-2"))


def test_a_rerequested_check_after_a_failure_completes_the_same_check_run(
    world: World, services: Services
) -> None:
    repo = world.repo(REPO)
    base = repo.commit("base", {"README.md": "evals\n"})
    repo.branch("eval-loop")
    repo.checkout("eval-loop")
    head = repo.commit("add an eval loop", {"eval_ckpts.py": AFFECTED})
    number = world.open_pull(REPO, repo, "eval-loop")
    first = _job(head, base, number, "pull_request.opened", "d-1")
    # The first audit failed for good (say GitHub kept answering 500): a failing check run.
    pull_request.give_up(first, context(services), "GitHub kept failing")
    assert world.standin.check_runs(REPO)[0].conclusion == "failure"

    rerun = _job(head, base, number, "check_run.rerequested", "d-2")
    result = pull_request.run(rerun, context(services, "task-2"))

    assert result["status"] == "posted"
    [run] = world.standin.check_runs(REPO)
    assert (run.conclusion, run.title, len(run.annotations)) == (
        "failure",
        "1 newly affected driver",
        1,
    )


@pytest.mark.parametrize(
    ("config", "expected"),
    [
        ("", "failure"),
        ("incomplete_conclusion: action_required\n", "action_required"),
        ("incomplete_conclusion: neutral\n", "neutral"),
        ("incomplete_conclusion: success\n", "failure"),  # not allowed: the default is kept
    ],
)
def test_an_audit_that_cannot_finish_concludes_as_configured_never_success(
    world: World, services: Services, config: str, expected: str
) -> None:
    repo = world.repo(REPO)
    base = repo.commit("base", {"README.md": "evals\n"})
    repo.branch("loop")
    repo.checkout("loop")
    files = {"eval_ckpts.py": AFFECTED}
    if config:
        files[".github/lora-audit.yml"] = config
    head = repo.commit("loop", files)
    number = world.open_pull(REPO, repo, "loop")
    world.standin.fail_next(500, times=100, method="PATCH", path=r"/check-runs/")
    job = _job(head, base, number, "pull_request.opened", "d-1")
    ctx = context(services)

    with pytest.raises(Exception, match="500"):  # GitHub keeps failing the completion
        pull_request.run(job, ctx)
    world.standin.state.failures.clear()
    pull_request.give_up(job, ctx, "GitHub kept failing")

    [run] = world.standin.check_runs(REPO)
    assert (run.status, run.conclusion) == ("completed", expected)
    assert run.summary is not None
    assert "GitHub kept failing" in run.summary
