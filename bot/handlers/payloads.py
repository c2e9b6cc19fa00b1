"""Lenient views of webhook payloads: only the fields the handlers read, extra keys ignored.

githubkit's generated webhook models require fields that older (and some current) payloads lack,
so the receiver never uses them to accept or reject a delivery.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


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
