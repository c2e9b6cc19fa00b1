"""`repository` privatized, deleted or renamed: its public badge state is dropped (a renamed
repository's old name could be taken by someone else); publicized: a sweep, so a badge exists."""

from __future__ import annotations

from pydantic import Field

from bot.handlers.installation import forget
from bot.handlers.payloads import Lenient, Repository
from bot.jobs import Job, RepositorySweep
from bot.routing import Delivery, Router

router = Router()


class _Event(Lenient):
    repository: Repository


class _From(Lenient):
    from_: str = Field(alias="from", pattern=r"^[^/\s]+$")


class _NameChange(Lenient):
    name: _From


class _Changes(Lenient):
    repository: _NameChange


class _Renamed(_Event):
    changes: _Changes


@router.register("repository", action="privatized")
def forget_privatized(delivery: Delivery, installation_id: int) -> list[Job]:
    repo = _Event.model_validate(delivery.payload).repository.full_name
    return forget(delivery, installation_id, [repo], "privatized")


@router.register("repository", action="deleted")
def forget_deleted(delivery: Delivery, installation_id: int) -> list[Job]:
    repo = _Event.model_validate(delivery.payload).repository.full_name
    return forget(delivery, installation_id, [repo], "deleted")


@router.register("repository", action="renamed")
def forget_old_name(delivery: Delivery, installation_id: int) -> list[Job]:
    event = _Renamed.model_validate(delivery.payload)
    owner = event.repository.full_name.split("/")[0]
    old = f"{owner}/{event.changes.repository.name.from_}"
    if old.lower() == event.repository.full_name.lower():
        return []
    return forget(delivery, installation_id, [old], "renamed")


@router.register("repository", action="publicized")
def sweep_publicized(delivery: Delivery, installation_id: int) -> list[Job]:
    repo = _Event.model_validate(delivery.payload).repository.full_name
    return [
        RepositorySweep(
            delivery_id=delivery.delivery_id,
            installation_id=installation_id,
            repo=repo,
            reason="publicized",
        )
    ]
