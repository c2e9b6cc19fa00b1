"""Lenient views of webhook payloads: only the fields the handlers read, extra keys ignored.

githubkit's generated webhook models require fields that older (and some current) payloads lack,
so the receiver never uses them to accept or reject a delivery.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from bot.jobs import PullRequestAudit
from bot.routing import Delivery


class Lenient(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class Repository(Lenient):
    full_name: str = Field(pattern=r"^[^/\s]+/[^/\s]+$")
    default_branch: str | None = None
    master_branch: str | None = None  # older push payloads name the default branch so

    @property
    def default(self) -> str | None:
        return self.default_branch or self.master_branch


class Branch(Lenient):
    ref: str
    sha: str


class PullRequestRef(Lenient):
    """A pull request as check_suite/check_run payloads list it (head and base)."""

    number: int
    head: Branch
    base: Branch


class User(Lenient):
    login: str
    type: str | None = None


def audit_of_head(
    delivery: Delivery,
    installation_id: int,
    *,
    repository: Repository,
    head_sha: str,
    head_branch: str | None,
    pulls: list[PullRequestRef],
) -> PullRequestAudit:
    """The audit a check suite or check run asks for: its head, against its first pull request's
    base when it names one (the worker finds the pull request, or the default branch, otherwise)."""
    pull = pulls[0] if pulls else None
    return PullRequestAudit(
        delivery_id=delivery.delivery_id,
        installation_id=installation_id,
        repo=repository.full_name,
        head_sha=head_sha,
        head_branch=head_branch,
        pull_number=pull.number if pull else None,
        base_sha=pull.base.sha if pull else None,
        base_ref=pull.base.ref if pull else None,
        trigger=f"{delivery.event}.{delivery.action}",
    )
