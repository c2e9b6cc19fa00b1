"""`installation` created and `installation_repositories` added: a first sweep per repository."""

from __future__ import annotations

from pydantic import Field

from bot.handlers.payloads import Lenient
from bot.jobs import Job, RepositorySweep
from bot.routing import Delivery, Router

router = Router()


class _Repo(Lenient):
    full_name: str = Field(pattern=r"^[^/\s]+/[^/\s]+$")


class _Created(Lenient):
    repositories: list[_Repo] = Field(default_factory=list)


class _Added(Lenient):
    repositories_added: list[_Repo] = Field(default_factory=list)


def _sweeps(delivery: Delivery, installation_id: int, repos: list[_Repo]) -> list[Job]:
    return [
        RepositorySweep(
            delivery_id=delivery.delivery_id,
            installation_id=installation_id,
            repo=repo.full_name,
            reason="installation",
        )
        for repo in repos
    ]


@router.register("installation", action="created")
def sweep_new_installation(delivery: Delivery, installation_id: int) -> list[Job]:
    return _sweeps(
        delivery, installation_id, _Created.model_validate(delivery.payload).repositories
    )


@router.register("installation_repositories", action="added")
def sweep_added_repositories(delivery: Delivery, installation_id: int) -> list[Job]:
    added = _Added.model_validate(delivery.payload).repositories_added
    return _sweeps(delivery, installation_id, added)
