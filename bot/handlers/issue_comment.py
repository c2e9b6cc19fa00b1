"""`issue_comment` created with a body starting `/audit`: run the command (never for bots)."""

from __future__ import annotations

import re

from bot.handlers.payloads import Lenient, Repository, User
from bot.jobs import CommentCommand, Job
from bot.routing import Delivery, Router

router = Router()
COMMAND = re.compile(r"/audit(?=\s|$)")


class _Comment(Lenient):
    id: int
    body: str | None = None
    user: User


class _Issue(Lenient):
    number: int
    pull_request: dict[str, object] | None = None


class _Event(Lenient):
    comment: _Comment
    issue: _Issue
    repository: Repository
    sender: User | None = None


@router.register("issue_comment", action="created")
def run_comment_command(delivery: Delivery, installation_id: int) -> list[Job]:
    event = _Event.model_validate(delivery.payload)
    body = (event.comment.body or "").lstrip()
    if not COMMAND.match(body):
        return []
    # Never answer a bot (ourselves included): that is how reply loops start.
    if "Bot" in {event.comment.user.type, event.sender.type if event.sender else None}:
        return []
    return [
        CommentCommand(
            delivery_id=delivery.delivery_id,
            installation_id=installation_id,
            repo=event.repository.full_name,
            issue_number=event.issue.number,
            is_pull_request=event.issue.pull_request is not None,
            comment_id=event.comment.id,
            author=event.comment.user.login,
            command=body.splitlines()[0].strip(),
        )
    ]
