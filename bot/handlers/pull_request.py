"""`pull_request` opened/synchronize/reopened: audit the head against the base."""

from __future__ import annotations

from bot.handlers.payloads import Branch, Lenient, Repository
from bot.jobs import Job, PullRequestAudit
from bot.routing import Delivery, Router

router = Router()


class _PullRequest(Lenient):
    number: int
    head: Branch
    base: Branch


class _Event(Lenient):
    number: int | None = None
    pull_request: _PullRequest
    repository: Repository


@router.register("pull_request", action="opened")
@router.register("pull_request", action="synchronize")
@router.register("pull_request", action="reopened")
def audit_pull_request(delivery: Delivery, installation_id: int) -> list[Job]:
    event = _Event.model_validate(delivery.payload)
    pull = event.pull_request
    return [
        PullRequestAudit(
            delivery_id=delivery.delivery_id,
            installation_id=installation_id,
            repo=event.repository.full_name,
            head_sha=pull.head.sha,
            head_branch=pull.head.ref,
            pull_number=pull.number,
            base_sha=pull.base.sha,
            base_ref=pull.base.ref,
            trigger=f"pull_request.{delivery.action}",
        )
    ]
