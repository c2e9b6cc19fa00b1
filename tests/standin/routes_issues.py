"""Stand-in routes for issues, issue comments and reactions; the App writes as its bot user."""

from __future__ import annotations

from typing import Any

from tests.standin.bodies import comment_json, issue_json, reaction_json
from tests.standin.http import Ctx, HttpError, Reply, RouteTable, paginate
from tests.standin.state import Comment, Issue, Reaction, now_iso

routes = RouteTable()

MAX_BODY = 65536  # GitHub rejects issue and comment bodies longer than this
REACTIONS = {"+1", "-1", "laugh", "confused", "heart", "hooray", "rocket", "eyes"}


def _text(ctx: Ctx, name: str, *, required: bool) -> str | None:
    value = ctx.field(name) if required else (ctx.body or {}).get(name)
    if value is not None and not isinstance(value, str):
        raise HttpError(422, "Validation Failed", errors=[f"{name} must be a string"])
    if value is not None and len(value) > MAX_BODY:
        raise HttpError(422, "Validation Failed", errors=[f"{name} is too long (maximum is 65536)"])
    return value


def _labels(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise HttpError(422, "Validation Failed", errors=["labels must be a list of names"])
    return list(value)


def _issue(ctx: Ctx) -> Issue:
    issue = ctx.state.issues.get((ctx.repo().full_name, ctx.int_param("number")))
    if issue is None:
        raise HttpError(404, "Not Found")
    return issue


@routes.route("POST", "/repos/{owner}/{repo}/issues")
def create_issue(ctx: Ctx) -> Reply:
    repo = ctx.repo()
    title = _text(ctx, "title", required=True) or ""
    issue = Issue(
        number=ctx.state.next_issue_number(repo.full_name),
        id=ctx.state.next_id(),
        repo=repo.full_name,
        title=title,
        body=_text(ctx, "body", required=False),
        user=ctx.state.bot,
        labels=_labels(ctx.body.get("labels", [])),
    )
    ctx.state.issues[(repo.full_name, issue.number)] = issue
    return Reply(201, issue_json(ctx.state, issue, ctx.api))


@routes.route("GET", "/repos/{owner}/{repo}/issues")
def list_issues(ctx: Ctx) -> Reply:
    repo = ctx.repo()
    state = ctx.query.get("state", "open")
    labels = {name for name in ctx.query.get("labels", "").split(",") if name}
    creator = ctx.query.get("creator")
    found = [
        issue
        for (name, _), issue in ctx.state.issues.items()
        if name == repo.full_name and state in {"all", issue.state}
        if labels <= set(issue.labels) and creator in {None, issue.user.login}
    ]
    found.sort(key=lambda issue: issue.number, reverse=ctx.query.get("direction", "desc") == "desc")
    page, headers = paginate(ctx, found)
    return Reply(200, [issue_json(ctx.state, issue, ctx.api) for issue in page], headers)


@routes.route("GET", "/repos/{owner}/{repo}/issues/{number}")
def get_issue(ctx: Ctx) -> Reply:
    return Reply(200, issue_json(ctx.state, _issue(ctx), ctx.api))


@routes.route("PATCH", "/repos/{owner}/{repo}/issues/{number}")
def update_issue(ctx: Ctx) -> Reply:
    issue = _issue(ctx)
    if not isinstance(ctx.body, dict):
        raise HttpError(422, "Validation Failed")
    if "title" in ctx.body:
        issue.title = _text(ctx, "title", required=True) or issue.title
    if "body" in ctx.body:
        issue.body = _text(ctx, "body", required=False)
    if "labels" in ctx.body:
        issue.labels = _labels(ctx.body["labels"])
    state = ctx.body.get("state")
    if state is not None and state not in {"open", "closed"}:
        raise HttpError(422, "Validation Failed", errors=["state must be open or closed"])
    if state is not None and state != issue.state:
        issue.state = state
        issue.closed_at = now_iso() if state == "closed" else None
        issue.state_reason = ctx.body.get("state_reason") or (
            "completed" if state == "closed" else "reopened"
        )
    issue.updated_at = now_iso()
    issue.edits += 1
    return Reply(200, issue_json(ctx.state, issue, ctx.api))


@routes.route("GET", "/repos/{owner}/{repo}/issues/{number}/comments")
def list_comments(ctx: Ctx) -> Reply:
    issue = _issue(ctx)
    found = [
        comment
        for comment in sorted(ctx.state.comments.values(), key=lambda comment: comment.id)
        if (comment.repo, comment.issue_number) == (issue.repo, issue.number)
    ]
    page, headers = paginate(ctx, found)
    return Reply(200, [comment_json(ctx.state, comment, ctx.api) for comment in page], headers)


@routes.route("POST", "/repos/{owner}/{repo}/issues/{number}/comments")
def create_comment(ctx: Ctx) -> Reply:
    issue = _issue(ctx)
    comment = Comment(
        id=ctx.state.next_id(),
        repo=issue.repo,
        issue_number=issue.number,
        body=_text(ctx, "body", required=True) or "",
        user=ctx.state.bot,
        via_app=True,
    )
    ctx.state.comments[comment.id] = comment
    return Reply(201, comment_json(ctx.state, comment, ctx.api))


def _comment(ctx: Ctx) -> Comment:
    comment = ctx.state.comments.get(ctx.int_param("comment_id"))
    if comment is None or comment.repo != ctx.repo().full_name:
        raise HttpError(404, "Not Found")
    return comment


@routes.route("GET", "/repos/{owner}/{repo}/issues/comments/{comment_id}")
def get_comment(ctx: Ctx) -> Reply:
    return Reply(200, comment_json(ctx.state, _comment(ctx), ctx.api))


@routes.route("PATCH", "/repos/{owner}/{repo}/issues/comments/{comment_id}")
def update_comment(ctx: Ctx) -> Reply:
    comment = _comment(ctx)
    comment.body = _text(ctx, "body", required=True) or ""
    comment.updated_at = now_iso()
    comment.edits += 1
    return Reply(200, comment_json(ctx.state, comment, ctx.api))


@routes.route("POST", "/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions")
def create_reaction(ctx: Ctx) -> Reply:
    comment = _comment(ctx)
    content = ctx.field("content")
    if content not in REACTIONS:
        raise HttpError(422, "Validation Failed", errors=[f"bad reaction {content!r}"])
    bot = ctx.state.bot
    for reaction in comment.reactions:
        if reaction.content == content and reaction.user.login == bot.login:
            return Reply(200, reaction_json(reaction, ctx.api))  # GitHub: 200 when it existed
    reaction = Reaction(id=ctx.state.next_id(), content=content, user=bot)
    comment.reactions.append(reaction)
    return Reply(201, reaction_json(reaction, ctx.api))
