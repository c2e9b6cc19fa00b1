"""Suggested changes on a pull request, against the stand-in (which checks, as GitHub does, that
the lines are in the pull request's diff), a real Redis and real git (no Celery here)."""

from __future__ import annotations

import re
from pathlib import Path

from analyzers.audit import audit_tree
from analyzers.files.directory import DirectoryTree
from bot.jobs import PullRequestAudit
from bot.markers import suggestion_marker
from tests.standin.state import ReviewComment
from tests.workers.conftest import context
from tests.workers.drivers import AFFECTED, FIXED, UNRELATED
from tests.workers.world import INSTALLATION_ID, World
from workers import pull_request
from workers.services import Services

REPO = "octo/evals"
_BLOCK = re.compile(r"^(`{3,})suggestion\n(.*?)\n\1$", re.MULTILINE | re.DOTALL)


def _job(head: str, base: str, number: int, trigger: str, delivery: str) -> PullRequestAudit:
    return PullRequestAudit(
        delivery_id=delivery,
        installation_id=INSTALLATION_ID,
        repo=REPO,
        head_sha=head,
        pull_number=number,
        base_sha=base,
        base_ref="main",
        trigger=trigger,
    )


def applied(text: str, comment: ReviewComment) -> str:
    """The file after someone presses "Commit suggestion" on the review comment."""
    found = _BLOCK.search(comment.body)
    assert found is not None, comment.body
    lines = text.splitlines()
    first = (comment.start_line or comment.line) - 1
    lines[first : comment.line] = found.group(2).split("\n")
    return "\n".join(lines) + "\n"


def rescan_affected(tmp_path: Path, files: dict[str, str]) -> list[str]:
    """Affected rows of a fresh scan of `files` alone."""
    folder = tmp_path / "rescan"
    folder.mkdir(exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text)
    return [row.path for row in audit_tree(DirectoryTree(folder)).affected]


def test_a_new_affected_driver_gets_its_fix_as_a_suggestion_once_per_head(
    world: World, services: Services, tmp_path: Path
) -> None:
    repo = world.repo(REPO)
    base = repo.commit("base", {"fixed.py": FIXED})
    repo.branch("eval-loop")
    repo.checkout("eval-loop")
    head = repo.commit("add an eval loop", {"eval_ckpts.py": AFFECTED})
    number = world.open_pull(REPO, repo, "eval-loop")

    result = pull_request.run(
        _job(head, base, number, "pull_request.opened", "d-1"), context(services)
    )

    [comment] = world.standin.review_comments(REPO, number)
    assert result["suggestions"] == [comment.id]
    assert (comment.path, comment.commit_id, comment.side) == ("eval_ckpts.py", head, "RIGHT")
    # From the id map after the imports to the request.
    assert (comment.start_line, comment.line) == (3, 8)
    assert comment.user.login == world.standin.bot_login
    assert comment.body.startswith(suggestion_marker(head, "eval_ckpts.py"))
    assert "**lora-audit**: `eval_ckpts.py` serves a stale LoRA adapter: lora\\_int\\_id 1" in (
        comment.body
    )
    assert "one lora\\_int\\_id per adapter path from an id map" in comment.body
    assert "the driver is `Safe-distinct-id`" in comment.body
    fixed = applied(AFFECTED, comment)
    assert "_lora_ids.setdefault(ckpt, len(_lora_ids) + 1)" in fixed
    assert rescan_affected(tmp_path, {"eval_ckpts.py": fixed}) == []

    # A re-run for the same head (a rerequested check) finds its suggestion and posts none.
    rerun = pull_request.run(
        _job(head, base, number, "check_run.rerequested", "d-2"), context(services, "task-2")
    )
    assert rerun["suggestions"] == [comment.id]
    assert len(world.standin.review_comments(REPO, number)) == 1

    # A new head that is still affected gets its own suggestion, on its own lines.
    second = repo.commit("more checkpoints", {"eval_ckpts.py": AFFECTED.replace("300", "400")})
    world.push(repo, "eval-loop")
    world.move_pull_head(REPO, number, second)
    pull_request.run(
        _job(second, base, number, "pull_request.synchronize", "d-3"), context(services, "t-3")
    )
    comments = world.standin.review_comments(REPO, number)
    assert [item.commit_id for item in comments] == [head, second]


def test_a_fix_on_lines_the_pull_request_changed_is_a_one_line_suggestion(
    world: World, services: Services, tmp_path: Path
) -> None:
    repo = world.repo(REPO)
    base = repo.commit("base", {"eval_ckpts.py": FIXED})
    repo.branch("one-id")
    repo.checkout("one-id")
    broken = FIXED.replace('LoRARequest(f"a{i}", i + 1, ckpt)', 'LoRARequest(f"a{i}", 1, ckpt)')
    head = repo.commit("one id", {"eval_ckpts.py": broken})
    number = world.open_pull(REPO, repo, "one-id")

    pull_request.run(_job(head, base, number, "pull_request.opened", "d-1"), context(services))

    [comment] = world.standin.review_comments(REPO, number)
    assert (comment.start_line, comment.line) == (None, 8)
    assert "lora\\_int\\_id from the enumerate index" in comment.body
    assert applied(broken, comment) == FIXED
    assert rescan_affected(tmp_path, {"eval_ckpts.py": applied(broken, comment)}) == []


def test_no_suggestion_where_the_fix_needs_lines_the_pull_request_did_not_change(
    world: World, services: Services
) -> None:
    """The driver was safe with one checkpoint; the pull request adds two more on line 4. Its
    fix (an id map after the imports and a new id on line 8) lies outside the changed lines."""
    one = AFFECTED.replace(', "ckpt/step_200", "ckpt/step_300"', "")
    repo = world.repo(REPO)
    base = repo.commit("base", {"eval_ckpts.py": one})
    repo.branch("more")
    repo.checkout("more")
    head = repo.commit("more checkpoints", {"eval_ckpts.py": AFFECTED})
    number = world.open_pull(REPO, repo, "more")

    result = pull_request.run(
        _job(head, base, number, "pull_request.opened", "d-1"), context(services)
    )

    assert result["newly_affected"] == ["eval_ckpts.py"]
    assert result["suggestions"] == []
    assert world.standin.review_comments(REPO, number) == []


def test_no_suggestion_and_no_review_call_on_a_pull_request_without_an_affected_driver(
    world: World, services: Services
) -> None:
    repo = world.repo(REPO)
    base = repo.commit("base", {"eval_ckpts.py": AFFECTED})  # affected already on base
    repo.branch("docs")
    repo.checkout("docs")
    head = repo.commit("helpers", {"util.py": UNRELATED, "fixed.py": FIXED})
    number = world.open_pull(REPO, repo, "docs")

    result = pull_request.run(
        _job(head, base, number, "pull_request.opened", "d-1"), context(services)
    )

    assert result["suggestions"] == []
    assert world.standin.review_comments(REPO, number) == []
    assert world.standin.calls(path=rf"/repos/{REPO}/pulls/{number}/comments") == []
