"""The receiver's rules: signatures, sizes, malformed input, duplicates, and what is ignored."""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
import socket
from collections.abc import Iterator
from typing import Any

import pytest

from bot.jobs import CommentCommand, ForgetRepository, PushAudit, RepositorySweep
from tests.bot.webhooks.conftest import SECRET, Web, load_event

PULL = "pull_request/opened.payload.json"


def test_wrong_signature_is_401_and_queues_nothing(web: Web) -> None:
    response = web.post("pull_request", load_event(PULL), secret="not-the-secret")
    assert response.status_code == 401
    assert web.queued() == []


@pytest.mark.parametrize(
    "signature",
    [None, b"", b"sha256=", b"sha256=" + b"0" * 64, b"md5=abc", b"sha256=zz\xe9"],
    ids=["missing", "empty", "bare-prefix", "zeros", "other-scheme", "non-ascii"],
)
def test_bad_signature_headers_are_401(web: Web, signature: bytes | None) -> None:
    headers: dict[bytes, bytes] = {b"X-GitHub-Event": b"pull_request", b"X-GitHub-Delivery": b"d"}
    if signature is not None:
        headers[b"X-Hub-Signature-256"] = signature
    raw = json.dumps(load_event(PULL)).encode()
    response = web.client.post(f"{web.url}/webhooks", content=raw, headers=headers)
    assert response.status_code == 401
    assert web.queued() == []


def test_sha1_only_signature_is_refused(web: Web) -> None:
    raw = json.dumps(load_event(PULL)).encode()
    sha1 = "sha1=" + hmac.new(SECRET.encode(), raw, hashlib.sha1).hexdigest()
    response = web.client.post(
        f"{web.url}/webhooks",
        content=raw,
        headers={
            "X-GitHub-Event": "pull_request",
            "X-GitHub-Delivery": "d",
            "X-Hub-Signature": sha1,
        },
    )
    assert response.status_code == 401
    assert web.queued() == []


def test_signature_covers_the_raw_bytes(web: Web) -> None:
    raw = json.dumps(load_event(PULL)).encode()
    reformatted = json.dumps(load_event(PULL), indent=2).encode()
    sig = "sha256=" + hmac.new(SECRET.encode(), raw, hashlib.sha256).hexdigest()
    response = web.post("pull_request", reformatted, headers={"X-Hub-Signature-256": sig})
    assert response.status_code == 401
    assert web.queued() == []


def test_same_delivery_twice_is_queued_once(web: Web) -> None:
    first = web.post("pull_request", load_event(PULL), delivery="dup-1")
    second = web.post("pull_request", load_event(PULL), delivery="dup-1")
    third = web.post("pull_request", load_event(PULL), delivery="dup-2")
    assert [first.status_code, second.status_code, third.status_code] == [202, 202, 202]
    assert second.json()["queued"] == 0
    assert [task.kwargs["delivery_id"] for task in web.queued()] == ["dup-1", "dup-2"]


@pytest.mark.parametrize(
    ("body", "status"),
    [(b"{not json", 400), (b"[1, 2]", 400), (b'"text"', 400), (b"", 400), (b"\xff\xfe", 400)],
)
def test_malformed_bodies_are_400(web: Web, body: bytes, status: int) -> None:
    assert web.post("pull_request", body).status_code == status
    assert web.queued() == []


def test_missing_event_header_is_400(web: Web) -> None:
    response = web.post("pull_request", load_event(PULL), headers={"X-GitHub-Event": ""})
    assert response.status_code == 400


def test_malformed_handled_payload_is_400_naming_the_field(web: Web) -> None:
    payload = load_event(PULL)
    del payload["pull_request"]["head"]
    response = web.post("pull_request", payload)
    assert response.status_code == 400
    assert "pull_request.head" in response.json()["message"]
    assert web.queued() == []


def test_oversized_content_length_is_413_before_the_body_is_read(web: Web) -> None:
    port = int(web.url.rsplit(":", 1)[1])
    request = (
        "POST /webhooks HTTP/1.1\r\nHost: x\r\nX-GitHub-Event: push\r\n"
        f"Content-Length: {25 * 1024 * 1024 + 1}\r\n\r\n{{}}"
    )
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(request.encode())
        status_line = sock.recv(4096).split(b"\r\n", 1)[0]
    assert status_line == b"HTTP/1.1 413 Request Entity Too Large"


def test_oversized_stream_without_length_is_413(web: Web) -> None:
    chunk = b" " * (1024 * 1024)

    def body() -> Iterator[bytes]:
        for _ in range(26):
            yield chunk

    response = web.client.post(
        f"{web.url}/webhooks",
        content=body(),
        headers={
            "X-GitHub-Event": "push",
            "X-GitHub-Delivery": "big",
            "X-Hub-Signature-256": "sha256=" + "0" * 64,
        },
    )
    assert response.status_code == 413


def test_ping_is_200(web: Web) -> None:
    assert web.post("ping", load_event("ping/payload.json")).status_code == 200


def _comment(body: str, *, on_pull: bool = False, **changes: Any) -> dict[str, Any]:
    payload = copy.deepcopy(load_event("issue_comment/created.with-installation.payload.json"))
    payload["comment"]["body"] = body
    if on_pull:
        payload["issue"]["pull_request"] = {"url": "https://api.github.com/repos/x/y/pulls/1"}
    payload.update(changes)
    return payload


@pytest.mark.parametrize("on_pull", [False, True], ids=["issue", "pull-request"])
def test_audit_comment_is_queued(web: Web, on_pull: bool) -> None:
    response = web.post(
        "issue_comment", _comment("  /audit now\nplease", on_pull=on_pull), delivery="c1"
    )
    assert response.status_code == 202
    (task,) = web.queued()
    assert task.name == CommentCommand.TASK_NAME
    assert task.kwargs == {
        "delivery_id": "c1",
        "installation_id": 1,
        "repo": "Codertocat/Hello-World",
        "issue_number": 1,
        "is_pull_request": on_pull,
        "comment_id": 492700400,
        "author": "Codertocat",
        "command": "/audit now",
    }


@pytest.mark.parametrize(
    "payload",
    [
        _comment("/auditor is not a command"),
        _comment("please /audit"),
        _comment("/audit", action="edited"),
        _comment("/audit", action="deleted"),
        _comment("/audit", sender={"login": "lora-audit[bot]", "type": "Bot"}),
    ],
    ids=["prefix-only", "not-first", "edited", "deleted", "bot-sender"],
)
def test_other_comments_are_ignored(web: Web, payload: dict[str, Any]) -> None:
    assert web.post("issue_comment", payload).status_code == 202
    assert web.queued() == []


def test_bot_authored_comment_is_ignored(web: Web) -> None:
    payload = _comment("/audit")
    payload["comment"]["user"]["type"] = "Bot"
    assert web.post("issue_comment", payload).status_code == 202
    assert web.queued() == []


def _push(**changes: Any) -> dict[str, Any]:
    payload = copy.deepcopy(load_event("push/with-new-branch.payload.json"))
    payload.update(changes)
    return payload


@pytest.mark.parametrize(
    "payload",
    [
        _push(ref="refs/heads/feature"),
        _push(ref="refs/tags/v1"),
        _push(deleted=True, after="0" * 40),
        _push(after="0" * 40),
    ],
    ids=["other-branch", "tag", "deletion", "zero-after"],
)
def test_pushes_not_to_the_default_branch_are_ignored(web: Web, payload: dict[str, Any]) -> None:
    assert web.post("push", payload).status_code == 202
    assert web.queued() == []


def test_push_uses_default_branch_over_master_branch(web: Web) -> None:
    payload = _push(ref="refs/heads/main")
    payload["repository"]["default_branch"] = "main"
    assert web.post("push", payload, delivery="p1").status_code == 202
    (task,) = web.queued()
    assert (task.name, task.kwargs["default_branch"]) == (PushAudit.TASK_NAME, "main")


@pytest.mark.parametrize(
    ("event", "relpath", "change"),
    [
        ("pull_request", PULL, {"action": "closed"}),
        ("pull_request", PULL, {"installation": None}),
        ("pull_request", PULL, {"installation": {"id": "1"}}),
        ("star", PULL, {}),
    ],
    ids=["closed", "no-installation", "string-installation", "unknown-event"],
)
def test_unhandled_deliveries_are_acknowledged(
    web: Web, event: str, relpath: str, change: dict[str, Any]
) -> None:
    payload = load_event(relpath) | change
    assert web.post(event, payload).status_code == 202
    assert web.queued() == []


def _repository_event(action: str, **extra: Any) -> dict[str, Any]:
    return {
        "action": action,
        "repository": {"id": 5, "name": "Demo", "full_name": "Octo/Demo", "private": True},
        "installation": {"id": 77},
        "sender": {"login": "octo", "type": "User"},
        **extra,
    }


@pytest.mark.parametrize(
    ("event", "payload", "expected"),
    [
        ("repository", _repository_event("privatized"), [("Octo/Demo", "privatized")]),
        ("repository", _repository_event("deleted"), [("Octo/Demo", "deleted")]),
        (
            "repository",
            _repository_event("renamed", changes={"repository": {"name": {"from": "Old"}}}),
            [("Octo/Old", "renamed")],
        ),
        (
            "installation_repositories",
            {
                "action": "removed",
                "installation": {"id": 77},
                "repositories_added": [],
                "repositories_removed": [
                    {"id": 1, "name": "a", "full_name": "Octo/a", "private": False},
                    {"id": 2, "name": "b", "full_name": "Octo/b", "private": True},
                ],
            },
            [("Octo/a", "removed"), ("Octo/b", "removed")],
        ),
    ],
    ids=["privatized", "deleted", "renamed", "repositories-removed"],
)
def test_lost_access_forgets_the_badge(
    web: Web, event: str, payload: dict[str, Any], expected: list[tuple[str, str]]
) -> None:
    response = web.post(event, payload)
    assert response.status_code == 202
    queued = web.queued()
    assert {task.name for task in queued} == {ForgetRepository.TASK_NAME}
    assert [(task.kwargs["repo"], task.kwargs["reason"]) for task in queued] == expected


def test_a_publicized_repository_is_swept_so_its_badge_appears(web: Web) -> None:
    assert web.post("repository", _repository_event("publicized")).status_code == 202
    [task] = web.queued()
    assert (task.name, task.kwargs["repo"], task.kwargs["reason"]) == (
        RepositorySweep.TASK_NAME,
        "Octo/Demo",
        "publicized",
    )
