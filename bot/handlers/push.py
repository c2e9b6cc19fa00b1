"""`push` to the default branch: audit it (badge, fix commits, follow-up issues).

Pushes that delete a branch or tag, tags, and other branches are acknowledged and ignored.
"""

from __future__ import annotations

from bot.handlers.payloads import Lenient, Repository
from bot.jobs import Job, PushAudit
from bot.routing import Delivery, Router

router = Router()
BRANCH_PREFIX = "refs/heads/"


class _Event(Lenient):
    ref: str
    before: str
    after: str
    deleted: bool = False
    repository: Repository


@router.register("push")
def audit_push(delivery: Delivery, installation_id: int) -> list[Job]:
    event = _Event.model_validate(delivery.payload)
    default = event.repository.default
    if event.deleted or set(event.after) == {"0"}:
        return []
    if default is None or event.ref != BRANCH_PREFIX + default:
        return []
    return [
        PushAudit(
            delivery_id=delivery.delivery_id,
            installation_id=installation_id,
            repo=event.repository.full_name,
            ref=event.ref,
            before=event.before,
            after=event.after,
            default_branch=default,
        )
    ]
