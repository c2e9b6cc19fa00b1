"""Webhook payloads for the end-to-end tests: GitHub's real fixtures with our repos and shas."""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "github"
JSON = dict[str, Any]


@cache
def _fixture(name: str) -> JSON:
    data: JSON = json.loads((FIXTURES / name).read_text())
    return data


def _base(name: str) -> JSON:
    return copy.deepcopy(_fixture(name))


def _repository(payload: JSON, full_name: str, repo_id: int, default_branch: str) -> None:
    owner, name = full_name.split("/")
    repository = payload["repository"]
    repository.update(
        full_name=full_name, name=name, id=repo_id, default_branch=default_branch, private=False
    )
    repository["owner"]["login"] = owner
    repository.pop("master_branch", None)


def _installation(payload: JSON, installation_id: int) -> None:
    payload["installation"] = {"id": installation_id, "node_id": f"I_{installation_id}"}


def pull_request(
    action: str,
    *,
    repo: str,
    repo_id: int,
    installation_id: int,
    number: int,
    head_sha: str,
    head_ref: str,
    base_sha: str,
    base_ref: str = "main",
) -> JSON:
    payload = _base(f"pull_request/{action}.payload.json")
    _repository(payload, repo, repo_id, base_ref)
    _installation(payload, installation_id)
    payload["number"] = number
    pull = payload["pull_request"]
    pull["number"] = number
    pull["head"].update(sha=head_sha, ref=head_ref, label=f"x:{head_ref}")
    pull["base"].update(sha=base_sha, ref=base_ref, label=f"x:{base_ref}")
    return payload


def check_suite(
    action: str,
    *,
    repo: str,
    repo_id: int,
    installation_id: int,
    head_sha: str,
    head_branch: str,
    pulls: Sequence[tuple[int, str, str]] = (),
) -> JSON:
    """`pulls`: (number, base sha, base ref) of each pull request the suite names."""
    payload = _base(f"check_suite/{action}.payload.json")
    _repository(payload, repo, repo_id, "main")
    _installation(payload, installation_id)
    suite = payload["check_suite"]
    suite.update(head_sha=head_sha, head_branch=head_branch)
    suite["pull_requests"] = [
        {
            "number": number,
            "head": {"ref": head_branch, "sha": head_sha},
            "base": {"ref": base_ref, "sha": base_sha},
        }
        for number, base_sha, base_ref in pulls
    ]
    return payload


def push(
    *, repo: str, repo_id: int, installation_id: int, before: str, after: str, branch: str = "main"
) -> JSON:
    payload = _base("push/payload.json")
    _repository(payload, repo, repo_id, "main")
    _installation(payload, installation_id)
    payload.update(ref=f"refs/heads/{branch}", before=before, after=after, deleted=False)
    return payload


def issue_comment(
    *,
    repo: str,
    repo_id: int,
    installation_id: int,
    issue_number: int,
    comment_id: int,
    author: str,
    body: str,
    on_pull: bool,
) -> JSON:
    payload = _base("issue_comment/created.with-installation.payload.json")
    _repository(payload, repo, repo_id, "main")
    _installation(payload, installation_id)
    payload["issue"]["number"] = issue_number
    if on_pull:
        payload["issue"]["pull_request"] = {"url": f"https://api.github.com/repos/{repo}/pulls/1"}
    else:
        payload["issue"].pop("pull_request", None)
    comment = payload["comment"]
    comment.update(id=comment_id, body=body)
    comment["user"].update(login=author, type="User")
    payload["sender"].update(login=author, type="User")
    return payload


def installation_created(*, installation_id: int, repos: Sequence[tuple[str, int]]) -> JSON:
    """`repos`: (full name, id) of each repository the App was installed on."""
    payload = _base("installation/created.payload.json")
    payload["installation"]["id"] = installation_id
    payload["repositories"] = [
        {
            "id": repo_id,
            "node_id": f"R_{repo_id}",
            "name": full_name.split("/")[1],
            "full_name": full_name,
            "private": False,
        }
        for full_name, repo_id in repos
    ]
    return payload


def installation_deleted(*, installation_id: int, repos: Sequence[tuple[str, int]]) -> JSON:
    payload = installation_created(installation_id=installation_id, repos=repos)
    payload["action"] = "deleted"
    return payload


def repository(action: str, *, repo: str, repo_id: int, installation_id: int) -> JSON:
    """A `repository` event (privatized, deleted, publicized, ...), shaped as GitHub sends it."""
    payload = _base("pull_request/opened.payload.json")
    payload = {
        "action": action,
        "repository": payload["repository"],
        "sender": payload["sender"],
    }
    _repository(payload, repo, repo_id, "main")
    payload["repository"]["private"] = action == "privatized"
    _installation(payload, installation_id)
    return payload
