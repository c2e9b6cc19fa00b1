"""`check_run` rerequested ("Re-run" on our check run): audit its head sha again."""

from __future__ import annotations

from pydantic import Field

from bot.handlers.payloads import Lenient, PullRequestRef, Repository, audit_of_head
from bot.jobs import Job
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
    return [
        audit_of_head(
            delivery,
            installation_id,
            repository=event.repository,
            head_sha=run.head_sha,
            head_branch=run.check_suite.head_branch if run.check_suite else None,
            pulls=run.pull_requests,
        )
    ]
