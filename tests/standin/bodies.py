"""Response bodies in GitHub's real shapes: upstream examples with our state written over them."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

from tests.standin.state import (
    CheckRun,
    Comment,
    Delivery,
    Installation,
    Issue,
    PullRequest,
    Reaction,
    Repo,
    ReviewComment,
    State,
    User,
)

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "github-api"
WEB = "https://github.com"

JSON = dict[str, Any]


@cache
def _example(name: str) -> Any:
    return json.loads((FIXTURES / f"{name}.json").read_text())


def template(name: str) -> Any:
    """A fresh copy of the upstream example response `name` (see the fixtures' README)."""
    return copy.deepcopy(_example(name))


def user_json(user: User, api: str) -> JSON:
    body: JSON = template("issues_create_comment")["user"]
    body.update(
        login=user.login,
        id=user.id,
        node_id=f"U_{user.id}",
        type=user.type,
        url=f"{api}/users/{user.login}",
        html_url=f"{WEB}/{user.login}",
    )
    return body


def app_json(state: State, api: str) -> JSON:
    body: JSON = template("apps_get_authenticated")
    body.update(
        id=state.app_id,
        slug=state.app_slug,
        name=state.app_slug,
        html_url=f"{WEB}/apps/{state.app_slug}",
        permissions={
            "checks": "write",
            "contents": "read",
            "issues": "write",
            "pull_requests": "write",
            "metadata": "read",
        },
        events=["check_run", "check_suite", "issue_comment", "pull_request", "push"],
    )
    return body


def installation_json(state: State, installation: Installation, api: str) -> JSON:
    body: JSON = template("apps_get_repo_installation")
    account = user_json(state.user(installation.account), api)
    body.update(
        id=installation.id,
        account=account,
        app_id=state.app_id,
        app_slug=state.app_slug,
        target_id=account["id"],
        access_tokens_url=f"{api}/app/installations/{installation.id}/access_tokens",
        html_url=f"{WEB}/settings/installations/{installation.id}",
    )
    return body


def repo_json(state: State, repo: Repo, api: str) -> JSON:
    body: JSON = template("repos_get")
    for key in ("parent", "source", "template_repository", "organization"):
        body.pop(key, None)
    body.update(
        id=repo.id,
        node_id=f"R_{repo.id}",
        name=repo.name,
        full_name=repo.full_name,
        owner=user_json(state.user(repo.owner), api),
        private=repo.private,
        visibility="private" if repo.private else "public",
        default_branch=repo.default_branch,
        url=f"{api}/repos/{repo.full_name}",
        html_url=f"{WEB}/{repo.full_name}",
        clone_url=f"{WEB}/{repo.full_name}.git",
    )
    return body


def check_run_json(state: State, run: CheckRun, api: str) -> JSON:
    body: JSON = template("checks_create")
    body.update(
        id=run.id,
        node_id=f"CR_{run.id}",
        name=run.name,
        head_sha=run.head_sha,
        external_id=run.external_id,
        details_url=run.details_url,
        status=run.status,
        conclusion=run.conclusion,
        started_at=run.started_at,
        completed_at=run.completed_at,
        url=f"{api}/repos/{run.repo}/check-runs/{run.id}",
        html_url=f"{WEB}/{run.repo}/runs/{run.id}",
        output={
            "title": run.title,
            "summary": run.summary,
            "text": run.text,
            "annotations_count": len(run.annotations),
            "annotations_url": f"{api}/repos/{run.repo}/check-runs/{run.id}/annotations",
        },
        check_suite={"id": run.id},
        app=app_json(state, api),
        pull_requests=[],
    )
    return body


def _labels(names: list[str], repo: str, api: str) -> list[JSON]:
    shape: JSON = template("issues_get")["labels"][0]
    labels = []
    for index, name in enumerate(names):
        label = copy.deepcopy(shape)
        label.update(
            id=index + 1,
            node_id=f"L_{index + 1}",
            name=name,
            url=f"{api}/repos/{repo}/labels/{name}",
            default=False,
        )
        labels.append(label)
    return labels


def issue_json(state: State, issue: Issue, api: str) -> JSON:
    body: JSON = template("issues_get")
    prefix = f"{api}/repos/{issue.repo}"
    body.update(
        id=issue.id,
        node_id=f"I_{issue.id}",
        number=issue.number,
        title=issue.title,
        body=issue.body,
        state=issue.state,
        state_reason=issue.state_reason,
        user=user_json(issue.user, api),
        labels=_labels(issue.labels, issue.repo, api),
        assignees=[],
        milestone=None,
        locked=False,
        active_lock_reason=None,
        comments=sum(
            1
            for comment in state.comments.values()
            if (comment.repo, comment.issue_number) == (issue.repo, issue.number)
        ),
        created_at=issue.created_at,
        updated_at=issue.updated_at,
        closed_at=issue.closed_at,
        closed_by=None,
        author_association="NONE" if issue.user.type == "Bot" else "OWNER",
        url=f"{prefix}/issues/{issue.number}",
        repository_url=prefix,
        labels_url=f"{prefix}/issues/{issue.number}/labels{{/name}}",
        comments_url=f"{prefix}/issues/{issue.number}/comments",
        events_url=f"{prefix}/issues/{issue.number}/events",
        html_url=f"{WEB}/{issue.repo}/issues/{issue.number}",
    )
    if issue.pull is None:
        body.pop("pull_request", None)
    else:
        body["pull_request"] = {
            "url": f"{prefix}/pulls/{issue.number}",
            "html_url": f"{WEB}/{issue.repo}/pull/{issue.number}",
            "diff_url": f"{WEB}/{issue.repo}/pull/{issue.number}.diff",
            "patch_url": f"{WEB}/{issue.repo}/pull/{issue.number}.patch",
        }
    return body


def comment_json(state: State, comment: Comment, api: str) -> JSON:
    body: JSON = template("issues_create_comment")
    prefix = f"{api}/repos/{comment.repo}"
    body.update(
        id=comment.id,
        node_id=f"IC_{comment.id}",
        body=comment.body,
        user=user_json(comment.user, api),
        created_at=comment.created_at,
        updated_at=comment.updated_at,
        url=f"{prefix}/issues/comments/{comment.id}",
        html_url=f"{WEB}/{comment.repo}/issues/{comment.issue_number}#issuecomment-{comment.id}",
        issue_url=f"{prefix}/issues/{comment.issue_number}",
        author_association="NONE" if comment.user.type == "Bot" else "COLLABORATOR",
        performed_via_github_app=app_json(state, api) if comment.via_app else None,
    )
    return body


def reaction_json(reaction: Reaction, api: str) -> JSON:
    body: JSON = template("reactions_create_for_issue_comment")
    body.update(
        id=reaction.id,
        node_id=f"REA_{reaction.id}",
        content=reaction.content,
        user=user_json(reaction.user, api),
    )
    return body


def permission_json(user: User, permission: str, api: str) -> JSON:
    """GitHub's `permission` only says admin/write/read/none; `role_name` keeps maintain/triage."""
    legacy = {"maintain": "write", "triage": "read"}.get(permission, permission)
    body: JSON = template("repos_get_collaborator_permission_level")
    body.update(permission=legacy, role_name=permission)
    body["user"] = user_json(user, api) | {"role_name": permission}
    return body


def _branch(state: State, repo: Repo, ref: str, sha: str, api: str) -> JSON:
    return {
        "label": f"{repo.owner}:{ref}",
        "ref": ref,
        "sha": sha,
        "user": user_json(state.user(repo.owner), api),
        "repo": repo_json(state, repo, api),
    }


def pull_json(state: State, pull: PullRequest, issue: Issue, repo: Repo, api: str) -> JSON:
    body: JSON = template("pulls_get")
    prefix = f"{api}/repos/{repo.full_name}"
    body.update(
        id=issue.id,
        node_id=f"PR_{issue.id}",
        number=pull.number,
        state=issue.state,
        title=issue.title,
        body=issue.body,
        user=user_json(issue.user, api),
        labels=_labels(issue.labels, repo.full_name, api),
        milestone=None,
        assignees=[],
        requested_reviewers=[],
        requested_teams=[],
        merged=False,
        merged_at=None,
        merged_by=None,
        closed_at=issue.closed_at,
        created_at=issue.created_at,
        updated_at=issue.updated_at,
        head=_branch(state, repo, pull.head_ref, pull.head_sha, api),
        base=_branch(state, repo, pull.base_ref, pull.base_sha, api),
        url=f"{prefix}/pulls/{pull.number}",
        issue_url=f"{prefix}/issues/{pull.number}",
        comments_url=f"{prefix}/issues/{pull.number}/comments",
        html_url=f"{WEB}/{repo.full_name}/pull/{pull.number}",
    )
    return body


def delivery_json(delivery: Delivery) -> JSON:
    body: JSON = template("apps_list_webhook_deliveries")[0]
    body.update(
        id=delivery.id,
        guid=delivery.guid,
        delivered_at=delivery.delivered_at,
        redelivery=delivery.redelivery,
        status="OK" if 200 <= delivery.status_code < 300 else "Failed",
        status_code=delivery.status_code,
        event=delivery.event,
        action=delivery.action,
        installation_id=delivery.installation_id,
        repository_id=delivery.repository_id,
        throttled_at=None,
    )
    return body


def token_json(token: str, expires_at: str) -> JSON:
    body: JSON = template("apps_create_installation_access_token")
    body.update(token=token, expires_at=expires_at)
    body.pop("repositories", None)
    return body


def review_comment_json(state: State, comment: ReviewComment, api: str) -> JSON:
    body: JSON = template("pulls_create_review_comment")
    body.pop("in_reply_to_id", None)  # a top-level comment, not a reply
    prefix = f"{api}/repos/{comment.repo}"
    html = f"{WEB}/{comment.repo}/pull/{comment.pull_number}#discussion_r{comment.id}"
    pull_url = f"{prefix}/pulls/{comment.pull_number}"
    url = f"{prefix}/pulls/comments/{comment.id}"
    body.update(
        url=url,
        pull_request_review_id=comment.id + 1,
        id=comment.id,
        node_id=f"PRRC_{comment.id}",
        diff_hunk=f"@@ +{comment.start_line or comment.line},{comment.line} @@",
        path=comment.path,
        position=None,
        original_position=None,
        commit_id=comment.commit_id,
        original_commit_id=comment.commit_id,
        user=user_json(comment.user, api),
        body=comment.body,
        created_at=comment.created_at,
        updated_at=comment.updated_at,
        html_url=html,
        pull_request_url=pull_url,
        author_association="NONE" if comment.user.type == "Bot" else "COLLABORATOR",
        _links={
            "self": {"href": url},
            "html": {"href": html},
            "pull_request": {"href": pull_url},
        },
        start_line=comment.start_line,
        original_start_line=comment.start_line,
        start_side=comment.start_side,
        line=comment.line,
        original_line=comment.line,
        side=comment.side,
    )
    return body
