"""`check_suite` requested/rerequested: audit the suite's head (and its pull request, if named)."""

from __future__ import annotations

from pydantic import Field

from bot.handlers.payloads import Lenient, PullRequestRef, Repository
from bot.jobs import Job, PullRequestAudit
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
    pull = suite.pull_requests[0] if suite.pull_requests else None
    return [
        PullRequestAudit(
            delivery_id=delivery.delivery_id,
            installation_id=installation_id,
            repo=event.repository.full_name,
            head_sha=suite.head_sha,
            head_branch=suite.head_branch,
            pull_number=pull.number if pull else None,
            base_sha=pull.base.sha if pull else None,
            base_ref=pull.base.ref if pull else None,
            trigger=f"check_suite.{delivery.action}",
        )
    ]
