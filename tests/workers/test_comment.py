"""`/audit` comments: refusal without write access, 👀 and one reply, a PR re-run or a sweep."""

from __future__ import annotations

from bot.jobs import CommentCommand
from bot.markers import SWEEP_ISSUE_MARKER, reply_marker
from tests.workers.conftest import context
from tests.workers.drivers import AFFECTED, UNRELATED
from tests.workers.world import INSTALLATION_ID, World
from workers import comment
from workers.services import Services

REPO = "octo/commands"


def _command(issue: int, comment_id: int, author: str, *, on_pull: bool) -> CommentCommand:
    return CommentCommand(
        delivery_id=f"d-{comment_id}",
        installation_id=INSTALLATION_ID,
        repo=REPO,
        issue_number=issue,
        is_pull_request=on_pull,
        comment_id=comment_id,
        author=author,
        command="/audit",
    )


def test_a_reader_gets_a_short_refusal_and_nothing_runs(world: World, services: Services) -> None:
    repo = world.repo(REPO)
    repo.commit("start", {"eval_ckpts.py": AFFECTED})
    world.push(repo, "main")
    issue = world.standin.add_issue(REPO, "please audit")
    world.standin.set_permission(REPO, "reader", "read")
    comment_id = world.standin.add_comment(REPO, issue, "/audit", author="reader")

    result = comment.run(_command(issue, comment_id, "reader", on_pull=False), context(services))

    assert result == {"status": "refused", "permission": "read"}
    assert world.standin.reactions(comment_id) == [("eyes", world.standin.bot_login)]
    replies = [c for c in world.standin.comments(REPO, issue) if c.id != comment_id]
    [reply] = replies
    assert reply_marker(comment_id) in reply.body
    assert "only people with write access" in reply.body
    assert world.standin.check_runs(REPO) == []
    assert world.standin.issues(REPO)[0].number == issue  # no sweep issue was opened


def test_a_writer_on_a_pull_request_reruns_its_check_and_gets_one_new_reply(
    world: World, services: Services
) -> None:
    repo = world.repo(REPO)
    repo.commit("start", {"util.py": UNRELATED})
    repo.branch("loop")
    repo.checkout("loop")
    head = repo.commit("loop", {"eval_ckpts.py": AFFECTED})
    number = world.open_pull(REPO, repo, "loop")
    world.standin.set_permission(REPO, "maintainer", "maintain")
    comment_id = world.standin.add_comment(REPO, number, "/audit please", author="maintainer")
    job = _command(number, comment_id, "maintainer", on_pull=True)

    result = comment.run(job, context(services))
    repeated = comment.run(job, context(services, "task-2"))

    assert result["status"] == "audited"
    assert repeated == {"status": "duplicate", "claim": "done"}
    [run] = world.standin.check_runs(REPO)
    assert (run.head_sha, run.conclusion) == (head, "failure")
    mine = [c for c in world.standin.comments(REPO, number) if c.id != comment_id]
    # The sticky comment, and one reply that is not the sticky one.
    assert len(mine) == 2
    [reply] = [c for c in mine if reply_marker(comment_id) in c.body]
    assert reply.id == result["reply"]
    assert "eval_ckpts.py" in reply.body
    assert world.standin.reactions(comment_id) == [("eyes", world.standin.bot_login)]


def test_a_writer_on_an_issue_gets_a_sweep_and_a_reply_linking_the_sweep_issue(
    world: World, services: Services
) -> None:
    repo = world.repo(REPO)
    repo.commit("start", {"eval_ckpts.py": AFFECTED})
    world.push(repo, "main")
    issue = world.standin.add_issue(REPO, "is main affected?")
    world.standin.set_permission(REPO, "writer", "write")
    comment_id = world.standin.add_comment(REPO, issue, "/audit", author="writer")

    result = comment.run(_command(issue, comment_id, "writer", on_pull=False), context(services))

    assert result["status"] == "swept"
    sweep = world.standin.issue(REPO, result["issue"])
    assert SWEEP_ISSUE_MARKER in (sweep.body or "")
    [reply] = [c for c in world.standin.comments(REPO, issue) if c.id != comment_id]
    assert reply_marker(comment_id) in reply.body
    assert f"/issues/{sweep.number}" in reply.body
