"""The default branch's audit state behind the README badge, stored in Redis by the workers.

A state lives `TTL_SECONDS` unless an audit or the weekly sweep renews it, and is deleted when the
repository turns private, is deleted or renamed, or the App loses access to it: a badge never
outlives the access it was computed with, even when the event saying so was missed.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime

import redis
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from analyzers.model import DriverRow, Report, Verdict, empty_counts

KEY = "lora-audit:badge:{repo}"
# Two weekly sweeps and a margin: a repository still installed is renewed long before this.
TTL_SECONDS = 15 * 86400
log = logging.getLogger(__name__)


def _counts_field() -> dict[Verdict, int]:
    return empty_counts()


class BadgeState(BaseModel):
    """What the badge shows for one repository. `private` ones are never served."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    repo: str = Field(pattern=r"^[^/\s]+/[^/\s]+$")
    sha: str
    private: bool
    counts: dict[Verdict, int] = Field(default_factory=_counts_field)
    updated_at: datetime = Field(default_factory=lambda: datetime.now(UTC))

    @classmethod
    def from_report(cls, report: Report, *, repo: str, sha: str, private: bool) -> BadgeState:
        """Count each driver's verdict; a row whose verdict is suppressed with a reason
        (`# lora-audit: ignore[...] reason`) is left out, as the check run does."""
        counts = empty_counts()
        for row in report.drivers:
            if not is_suppressed(row):
                counts[row.verdict] += 1
        return cls(repo=repo, sha=sha, private=private, counts=counts)


def is_suppressed(row: DriverRow) -> bool:
    """The row's verdict is covered by an inline ignore that gives a reason."""
    mark = row.suppressed
    return mark is not None and bool(mark.reason) and row.verdict in mark.verdicts


def _key(repo: str) -> str:
    return KEY.format(repo=repo.lower())  # GitHub names are case-insensitive


def save_badge_state(client: redis.Redis, state: BadgeState) -> None:
    """Store (replace) the badge state of `state.repo` for `TTL_SECONDS`; a private
    repository's state is never stored (any older public one is dropped)."""
    if state.private:
        forget_badge_state(client, state.repo)
        return
    client.set(_key(state.repo), state.model_dump_json(), ex=TTL_SECONDS)


def renew_badge_state(client: redis.Redis, repo: str) -> bool:
    """Keep the state of a repository that is still public and installed for another TTL."""
    return bool(client.expire(_key(repo), TTL_SECONDS))


def forget_badge_state(client: redis.Redis, repo: str) -> bool:
    """Drop the state of `repo`; its badge then answers like any never-audited repository."""
    return bool(client.delete(_key(repo)))


def load_badge_state(client: redis.Redis, repo: str) -> BadgeState | None:
    """The stored state of `repo` ("owner/name", any case), or None when there is none."""
    raw = client.get(_key(repo))
    if not isinstance(raw, bytes | str):
        return None
    try:
        return BadgeState.model_validate_json(raw)
    except ValidationError:
        log.warning("unreadable badge state for %s; ignoring it", repo, extra={"repo": repo})
        return None
