"""The job contract between the web app and the workers."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.jobs import JOB_TYPES, SWEEP_QUEUE, PullRequestAudit, RepositorySweep


def test_task_names_are_unique_and_prefixed() -> None:
    names = [job.TASK_NAME for job in JOB_TYPES]
    assert len(set(names)) == len(names)
    assert all(name.startswith("lora_audit.") for name in names)


def test_task_id_is_stable_per_delivery() -> None:
    def job(delivery: str) -> PullRequestAudit:
        return PullRequestAudit(
            delivery_id=delivery,
            installation_id=1,
            repo="o/r",
            head_sha="a" * 40,
            trigger="pull_request.opened",
        )

    assert job("d1").task_id() == job("d1").task_id()
    assert job("d1").task_id() != job("d2").task_id()


def test_sweeps_go_to_their_own_queue() -> None:
    assert RepositorySweep(installation_id=1, repo="o/r").QUEUE == SWEEP_QUEUE


@pytest.mark.parametrize("repo", ["noslash", "a/b/c", "a b/c", ""])
def test_repo_must_be_owner_slash_name(repo: str) -> None:
    with pytest.raises(ValidationError):
        RepositorySweep(installation_id=1, repo=repo)
