"""`check_run` rerequested ("Re-run" on our check run): audit its head sha again."""

from __future__ import annotations

from pydantic import Field

from bot.handlers.payloads import Lenient, PullRequestRef, Repository
from bot.jobs import Job, PullRequestAudit
from bot.routing import Delivery, Router

router = Router()


class _Suite(Lenient):
    head_branch: str | None = None


class _CheckRun(Lenient):
    head_sha: str
    check_suite: _Suite | None = None
    pull_requests: list[PullRequestRef] = Field(default_factory=list)


class _Event(Lenient):
    check_run: _CheckRun
    repository: Repository


@router.register("check_run", action="rerequested")
def rerun_check(delivery: Delivery, installation_id: int) -> list[Job]:
    event = _Event.model_validate(delivery.payload)
    run = event.check_run
    pull = run.pull_requests[0] if run.pull_requests else None
    return [
        PullRequestAudit(
            delivery_id=delivery.delivery_id,
            installation_id=installation_id,
            repo=event.repository.full_name,
            head_sha=run.head_sha,
            head_branch=run.check_suite.head_branch if run.check_suite else None,
            pull_number=pull.number if pull else None,
            base_sha=pull.base.sha if pull else None,
            base_ref=pull.base.ref if pull else None,
            trigger="check_run.rerequested",
        )
    ]
