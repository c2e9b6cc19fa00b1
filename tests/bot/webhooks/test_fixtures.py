"""Every stored GitHub payload, signed and posted to the running app: status and exact jobs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.jobs import (
    AUDIT_QUEUE,
    JOB_TYPES,
    SWEEP_QUEUE,
    ForgetRepository,
    PullRequestAudit,
    PushAudit,
    RepositorySweep,
)
from tests.bot.webhooks.conftest import EVENTS, Web, load_event

HEAD = "ec26c3e57ca3a959ca5aad62de7213c562f8c821"
BASE = "f95f852bd8fca8fcc58a9a2d6c842781e32a215e"
DELIVERY = "72d3162e-cc78-11e3-81ab-4c9367dc0958"


def _pull_request(action: str) -> dict[str, Any]:
    return {
        "delivery_id": DELIVERY,
        "installation_id": 1,
        "repo": "Codertocat/Hello-World",
        "head_sha": HEAD,
        "head_branch": "changes",
        "pull_number": 2,
        "base_sha": BASE,
        "base_ref": "master",
        "trigger": f"pull_request.{action}",
    }


# fixture file -> (HTTP status, [(queue, task name, exact kwargs)])
EXPECTED: dict[str, tuple[int, list[tuple[str, str, dict[str, Any]]]]] = {
    "check_run/requested_action.payload.json": (202, []),
    "check_run/rerequested.payload.json": (
        202,
        [
            (
                AUDIT_QUEUE,
                PullRequestAudit.TASK_NAME,
                {
                    "delivery_id": DELIVERY,
                    "installation_id": 1,
                    "repo": "github/hello-world",
                    "head_sha": "d6fde92930d4715a2b49857d24b940956b26d2d3",
                    "head_branch": "master",
                    "pull_number": None,
                    "base_sha": None,
                    "base_ref": None,
                    "trigger": "check_run.rerequested",
                },
            )
        ],
    ),
    "check_suite/requested.payload.json": (
        202,
        [
            (
                AUDIT_QUEUE,
                PullRequestAudit.TASK_NAME,
                {
                    "delivery_id": DELIVERY,
                    "installation_id": 957387,
                    "repo": "Codertocat/Hello-World",
                    "head_sha": BASE,
                    "head_branch": "master",
                    "pull_number": None,
                    "base_sha": None,
                    "base_ref": None,
                    "trigger": "check_suite.requested",
                },
            )
        ],
    ),
    "check_suite/rerequested.payload.json": (
        202,
        [
            (
                AUDIT_QUEUE,
                PullRequestAudit.TASK_NAME,
                {
                    "delivery_id": DELIVERY,
                    "installation_id": 957387,
                    "repo": "Codertocat/Hello-World",
                    "head_sha": HEAD,
                    "head_branch": "changes",
                    "pull_number": 2,
                    "base_sha": BASE,
                    "base_ref": "master",
                    "trigger": "check_suite.rerequested",
                },
            )
        ],
    ),
    "installation/created.payload.json": (
        202,
        [
            (
                SWEEP_QUEUE,
                RepositorySweep.TASK_NAME,
                {
                    "delivery_id": DELIVERY,
                    "installation_id": 957387,
                    "repo": "Codertocat/Hello-World",
                    "reason": "installation",
                    "issue_number": None,
                },
            )
        ],
    ),
    "installation/deleted.payload.json": (
        202,
        [
            (
                AUDIT_QUEUE,
                ForgetRepository.TASK_NAME,
                {
                    "delivery_id": DELIVERY,
                    "installation_id": 2,
                    "repo": "octocat/Hello-World",
                    "reason": "uninstalled",
                },
            )
        ],
    ),
    "installation_repositories/added.payload.json": (
        202,
        [
            (
                SWEEP_QUEUE,
                RepositorySweep.TASK_NAME,
                {
                    "delivery_id": DELIVERY,
                    "installation_id": 957387,
                    "repo": "Codertocat/Space",
                    "reason": "installation",
                    "issue_number": None,
                },
            )
        ],
    ),
    # no installation in these two: nothing can be done as an installation
    "issue_comment/created.payload.json": (202, []),
    "issue_comment/pull-request-issue-comment.json": (202, []),
    # a comment that is not an /audit command
    "issue_comment/created.with-installation.payload.json": (202, []),
    "ping/payload.json": (200, []),
    "ping/with-app_id.payload.json": (200, []),
    "pull_request/opened.payload.json": (
        202,
        [(AUDIT_QUEUE, PullRequestAudit.TASK_NAME, _pull_request("opened"))],
    ),
    "pull_request/reopened.payload.json": (
        202,
        [(AUDIT_QUEUE, PullRequestAudit.TASK_NAME, _pull_request("reopened"))],
    ),
    "pull_request/synchronize.payload.json": (
        202,
        [(AUDIT_QUEUE, PullRequestAudit.TASK_NAME, _pull_request("synchronize"))],
    ),
    "push/payload.json": (202, []),  # a tag deletion (and no installation)
    "push/push.json": (202, []),  # no installation
    "push/with-new-branch.payload.json": (
        202,
        [
            (
                AUDIT_QUEUE,
                PushAudit.TASK_NAME,
                {
                    "delivery_id": DELIVERY,
                    "installation_id": 1,
                    "repo": "Codertocat/Hello-World",
                    "ref": "refs/heads/master",
                    "before": "0" * 40,
                    "after": "6113728f27ae82c7b1a177c8d03f9e96e0adf246",
                    "default_branch": "master",
                },
            )
        ],
    ),
}


def test_every_fixture_has_an_expectation() -> None:
    stored = {str(path.relative_to(EVENTS)) for path in EVENTS.glob("*/*.json")}
    assert stored == set(EXPECTED)


@pytest.mark.parametrize("relpath", sorted(EXPECTED))
def test_fixture_is_acknowledged_and_queued_exactly(web: Web, relpath: str) -> None:
    status, jobs = EXPECTED[relpath]
    event = Path(relpath).parent.name
    response = web.post(event, load_event(relpath), delivery=DELIVERY)
    assert response.status_code == status, response.text
    queued = web.queued()
    assert [(task.name, task.kwargs) for task in queued] == [(name, kw) for _, name, kw in jobs]
    for (queue, name, kwargs), task in zip(jobs, queued, strict=True):
        job_type = {job.TASK_NAME: job for job in JOB_TYPES}
        job = job_type[name].model_validate(kwargs)
        assert task.id == job.task_id()
        assert queue == job.QUEUE
    # GitHub redelivering the same delivery id queues nothing more
    again = web.post(event, load_event(relpath), delivery=DELIVERY)
    assert again.status_code == status
    assert len(web.queued()) == len(jobs)
