"""`check_suite` requested/rerequested: audit the suite's head (and its pull request, if named)."""

from __future__ import annotations

from pydantic import Field

from bot.handlers.payloads import Lenient, PullRequestRef, Repository, audit_of_head
from bot.jobs import Job
from bot.routing import Delivery, Router

router = Router()


class _CheckSuite(Lenient):
    head_sha: str
    head_branch: str | None = None
    pull_requests: list[PullRequestRef] = Field(default_factory=list)


class _Event(Lenient):
    check_suite: _CheckSuite
    repository: Repository


@router.register("check_suite", action="requested")
@router.register("check_suite", action="rerequested")
def audit_check_suite(delivery: Delivery, installation_id: int) -> list[Job]:
    event = _Event.model_validate(delivery.payload)
    suite = event.check_suite
    return [
        audit_of_head(
            delivery,
            installation_id,
            repository=event.repository,
            head_sha=suite.head_sha,
            head_branch=suite.head_branch,
            pulls=suite.pull_requests,
        )
    ]
