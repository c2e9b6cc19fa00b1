"""`installation` and `installation_repositories`: a first sweep per new repository (so a badge
exists), and the badge state of every repository the App can no longer see is dropped."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from bot.handlers.payloads import Lenient
from bot.jobs import ForgetRepository, Job, RepositorySweep
from bot.routing import Delivery, Router

router = Router()


class _Repo(Lenient):
    full_name: str = Field(pattern=r"^[^/\s]+/[^/\s]+$")


class _Installation(Lenient):
    repositories: list[_Repo] = Field(default_factory=list)


class _Added(Lenient):
    repositories_added: list[_Repo] = Field(default_factory=list)


class _Removed(Lenient):
    repositories_removed: list[_Repo] = Field(default_factory=list)


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


def forget(
    delivery: Delivery,
    installation_id: int,
    repos: list[str],
    reason: Literal["uninstalled", "removed", "privatized", "deleted", "renamed"],
) -> list[Job]:
    return [
        ForgetRepository(
            delivery_id=delivery.delivery_id,
            installation_id=installation_id,
            repo=repo,
            reason=reason,
        )
        for repo in repos
    ]


@router.register("installation", action="created")
def sweep_new_installation(delivery: Delivery, installation_id: int) -> list[Job]:
    repos = _Installation.model_validate(delivery.payload).repositories
    return _sweeps(delivery, installation_id, repos)


@router.register("installation", action="deleted")
def forget_uninstalled(delivery: Delivery, installation_id: int) -> list[Job]:
    repos = _Installation.model_validate(delivery.payload).repositories
    return forget(delivery, installation_id, [repo.full_name for repo in repos], "uninstalled")


@router.register("installation_repositories", action="added")
def sweep_added_repositories(delivery: Delivery, installation_id: int) -> list[Job]:
    added = _Added.model_validate(delivery.payload).repositories_added
    return _sweeps(delivery, installation_id, added)


@router.register("installation_repositories", action="removed")
def forget_removed_repositories(delivery: Delivery, installation_id: int) -> list[Job]:
    removed = _Removed.model_validate(delivery.payload).repositories_removed
    return forget(delivery, installation_id, [repo.full_name for repo in removed], "removed")
