"""Stand-in routes for pull request review comments (suggested changes), validated as GitHub does:
the commit must be the pull request's head, and the lines must lie inside one hunk of its diff."""

from __future__ import annotations

from typing import Any

from tests.standin.bodies import review_comment_json
from tests.standin.http import Ctx, HttpError, Reply, RouteTable, paginate
from tests.standin.routes_issues import MAX_BODY
from tests.standin.state import PullRequest, ReviewComment

routes = RouteTable()
SIDES = {"LEFT", "RIGHT"}


def _pull(ctx: Ctx) -> PullRequest:
    issue = ctx.state.issues.get((ctx.repo().full_name, ctx.int_param("number")))
    if issue is None or issue.pull is None:
        raise HttpError(404, "Not Found")
    return issue.pull


def _invalid(message: str) -> HttpError:
    return HttpError(422, "Validation Failed", errors=[message])


def _line(body: dict[str, Any], name: str, *, required: bool) -> int | None:
    value = body.get(name)
    if value is None and not required:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise _invalid(f"{name} must be a positive integer")
    return value


def _check_lines(pull: PullRequest, path: str, start: int | None, line: int) -> None:
    """Both ends inside one hunk of the file's diff (GitHub: "must be part of the diff")."""
    if pull.hunks is None:
        return
    hunks = pull.hunks.get(path)
    if hunks is None:
        raise _invalid(f"pull_request_review_thread.path {path} is not part of the diff")
    first = start if start is not None else line
    if not any(low <= first and line <= high for low, high in hunks):
        raise _invalid("pull_request_review_thread.line must be part of the diff")


@routes.route("GET", "/repos/{owner}/{repo}/pulls/{number}/comments")
def list_review_comments(ctx: Ctx) -> Reply:
    pull = _pull(ctx)
    found = [
        comment
        for comment in sorted(ctx.state.review_comments.values(), key=lambda item: item.id)
        if (comment.repo, comment.pull_number) == (pull.repo, pull.number)
    ]
    page, headers = paginate(ctx, found)
    return Reply(200, [review_comment_json(ctx.state, item, ctx.api) for item in page], headers)


@routes.route("POST", "/repos/{owner}/{repo}/pulls/{number}/comments")
def create_review_comment(ctx: Ctx) -> Reply:
    pull = _pull(ctx)
    body = ctx.body if isinstance(ctx.body, dict) else {}
    text, commit_id, path = ctx.field("body"), ctx.field("commit_id"), ctx.field("path")
    if not isinstance(text, str) or len(text) > MAX_BODY:
        raise _invalid("body must be a string of at most 65536 characters")
    if commit_id != pull.head_sha:
        raise _invalid("commit_id is not the head of the pull request")
    side = body.get("side", "RIGHT")
    start_side = body.get("start_side")
    line = _line(body, "line", required=True)
    start = _line(body, "start_line", required=False)
    assert line is not None
    if side not in SIDES or (start_side is not None and start_side not in SIDES):
        raise _invalid("side must be LEFT or RIGHT")
    if start is not None and start >= line:
        raise _invalid("start_line must precede line")
    if not isinstance(path, str):
        raise _invalid("path must be a string")
    _check_lines(pull, path, start, line)
    comment = ReviewComment(
        id=ctx.state.next_id(),
        repo=pull.repo,
        pull_number=pull.number,
        body=text,
        user=ctx.state.bot,
        commit_id=commit_id,
        path=path,
        line=line,
        side=side,
        start_line=start,
        start_side=start_side if start is not None else None,
    )
    ctx.state.review_comments[comment.id] = comment
    return Reply(201, review_comment_json(ctx.state, comment, ctx.api))
