"""Stand-in routes for repositories, pull requests and check runs, with GitHub's validation."""

from __future__ import annotations

from typing import Any

from tests.standin.bodies import check_run_json, permission_json, pull_json, repo_json
from tests.standin.http import Ctx, HttpError, Reply, RouteTable, paginate
from tests.standin.state import CheckRun, Issue, PullRequest, now_iso

routes = RouteTable()

MAX_OUTPUT_TEXT = 65535  # GitHub caps check-run output summary and text at 65535 characters
MAX_ANNOTATIONS_PER_CALL = 50
ANNOTATION_KEYS = ("path", "start_line", "end_line", "annotation_level", "message")
CONCLUSIONS = {
    "action_required",
    "cancelled",
    "failure",
    "neutral",
    "success",
    "skipped",
    "stale",
    "timed_out",
}


@routes.route("GET", "/repos/{owner}/{repo}")
def get_repo(ctx: Ctx) -> Reply:
    return Reply(200, repo_json(ctx.state, ctx.repo(), ctx.api))


@routes.route("GET", "/repos/{owner}/{repo}/collaborators/{username}/permission")
def get_permission(ctx: Ctx) -> Reply:
    repo = ctx.repo()
    login = ctx.params["username"]
    if login not in ctx.state.users:
        raise HttpError(404, "Not Found")
    permission = ctx.state.permissions.get((repo.full_name, login), "none")
    return Reply(200, permission_json(ctx.state.users[login], permission, ctx.api))


def _pull(ctx: Ctx, number: int) -> tuple[PullRequest, Issue]:
    issue = ctx.state.issues.get((ctx.repo().full_name, number))
    if issue is None or issue.pull is None:
        raise HttpError(404, "Not Found")
    return issue.pull, issue


@routes.route("GET", "/repos/{owner}/{repo}/pulls/{number}")
def get_pull(ctx: Ctx) -> Reply:
    pull, issue = _pull(ctx, ctx.int_param("number"))
    return Reply(200, pull_json(ctx.state, pull, issue, ctx.repo(), ctx.api))


@routes.route("GET", "/repos/{owner}/{repo}/commits/{sha}/pulls")
def list_pulls_for_commit(ctx: Ctx) -> Reply:
    repo = ctx.repo()
    found = [
        issue
        for (name, _), issue in sorted(ctx.state.issues.items())
        if name == repo.full_name and issue.pull is not None
        if issue.pull.head_sha == ctx.params["sha"]
    ]
    page, headers = paginate(ctx, found)
    bodies = [
        pull_json(ctx.state, issue.pull, issue, repo, ctx.api) for issue in page if issue.pull
    ]
    return Reply(200, bodies, headers)


def _validate_output(output: Any) -> dict[str, Any]:
    if output is None:
        return {}
    if not isinstance(output, dict) or "title" not in output or "summary" not in output:
        raise HttpError(422, "Invalid request.", errors=["output needs title and summary"])
    for key in ("summary", "text"):
        if len(output.get(key) or "") > MAX_OUTPUT_TEXT:
            raise HttpError(422, f"Invalid request. {key} is too long (maximum is 65535)")
    annotations = output.get("annotations") or []
    if len(annotations) > MAX_ANNOTATIONS_PER_CALL:
        raise HttpError(422, "Invalid request. Only 50 annotations are allowed per request")
    for annotation in annotations:
        if not isinstance(annotation, dict) or any(
            key not in annotation for key in ANNOTATION_KEYS
        ):
            raise HttpError(422, "Invalid request.", errors=["annotation is missing a key"])
    return output


def _apply(run: CheckRun, body: dict[str, Any]) -> None:
    """Set what the body gives; annotations are appended, as GitHub does across updates."""
    output = _validate_output(body.get("output"))
    conclusion = body.get("conclusion", run.conclusion)
    status = body.get("status") or ("completed" if "conclusion" in body else run.status)
    if status not in {"queued", "in_progress", "completed"}:
        raise HttpError(422, "Invalid request.", errors=[f"bad status {status!r}"])
    if status == "completed" and conclusion not in CONCLUSIONS:
        raise HttpError(422, "Invalid request.", errors=["conclusion required when completed"])
    run.status = status
    run.conclusion = conclusion if status == "completed" else None
    for key in ("details_url", "external_id", "started_at", "completed_at"):
        if key in body:
            setattr(run, key, body[key])
    if status == "completed" and run.completed_at is None:
        run.completed_at = now_iso()
    if output:
        run.title, run.summary = output["title"], output["summary"]
        run.text = output.get("text", run.text)
        run.annotations.extend(output.get("annotations") or [])


@routes.route("POST", "/repos/{owner}/{repo}/check-runs")
def create_check_run(ctx: Ctx) -> Reply:
    repo = ctx.repo()
    run = CheckRun(
        id=ctx.state.next_id(),
        repo=repo.full_name,
        name=str(ctx.field("name")),
        head_sha=str(ctx.field("head_sha")),
        app_id=ctx.state.app_id,
        started_at=now_iso(),
    )
    _apply(run, ctx.body)
    ctx.state.check_runs[run.id] = run
    return Reply(201, check_run_json(ctx.state, run, ctx.api))


def _run(ctx: Ctx) -> CheckRun:
    run = ctx.state.check_runs.get(ctx.int_param("check_run_id"))
    if run is None or run.repo != ctx.repo().full_name:
        raise HttpError(404, "Not Found")
    return run


@routes.route("GET", "/repos/{owner}/{repo}/check-runs/{check_run_id}")
def get_check_run(ctx: Ctx) -> Reply:
    return Reply(200, check_run_json(ctx.state, _run(ctx), ctx.api))


@routes.route("PATCH", "/repos/{owner}/{repo}/check-runs/{check_run_id}")
def update_check_run(ctx: Ctx) -> Reply:
    run = _run(ctx)
    if not isinstance(ctx.body, dict):
        raise HttpError(422, "Invalid request.")
    _apply(run, ctx.body)
    run.updates += 1
    return Reply(200, check_run_json(ctx.state, run, ctx.api))


@routes.route("GET", "/repos/{owner}/{repo}/commits/{ref:path}/check-runs")
def list_check_runs_for_ref(ctx: Ctx) -> Reply:
    repo = ctx.repo()
    query = ctx.query
    runs = [
        run
        for run in sorted(ctx.state.check_runs.values(), key=lambda run: run.id, reverse=True)
        if run.repo == repo.full_name and run.head_sha == ctx.params["ref"]
        if query.get("check_name") in {None, run.name}
        if query.get("status") in {None, run.status}
        if query.get("app_id") in {None, str(run.app_id)}
    ]
    if query.get("filter", "latest") == "latest":  # only the newest run of each name
        newest: dict[str, CheckRun] = {}
        for run in runs:
            newest.setdefault(run.name, run)
        runs = list(newest.values())
    page, headers = paginate(ctx, runs)
    body = {
        "total_count": len(runs),
        "check_runs": [check_run_json(ctx.state, run, ctx.api) for run in page],
    }
    return Reply(200, body, headers)
