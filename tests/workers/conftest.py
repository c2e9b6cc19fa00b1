"""Fixtures for the workers' tests: a world (stand-in, Redis, git remotes) and in-process jobs."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.standin import GitHubStandIn
from tests.workers.remotes import Remotes
from tests.workers.world import World, environment
from workers.execution import JobContext
from workers.logs import job_logger
from workers.services import Services


@pytest.fixture
def remotes(tmp_path: Path) -> Remotes:
    return Remotes(tmp_path / "remotes")


@pytest.fixture
def world(github_standin: GitHubStandIn, redis_url: str, remotes: Remotes, tmp_path: Path) -> World:
    return World(github_standin, remotes, redis_url, tmp_path / "cache")


@pytest.fixture
def services(world: World) -> Iterator[Services]:
    """The services a worker process would build from its environment."""
    with environment(world.env()):
        yield Services.from_environment()


def context(services: Services, task_id: str = "task-1", attempt: int = 1) -> JobContext:
    """What a Celery task hands its work: here without Celery, to test the work itself."""
    log = job_logger("tests.workers", delivery_id="d-test", repo=None, sha=None)
    return JobContext(services, log, task_id, attempt)


@pytest.fixture(autouse=True)
def _quiet_githubkit() -> None:
    logging.getLogger("httpx").setLevel(logging.WARNING)
