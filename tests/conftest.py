"""Session-wide fixtures: a private real Redis server and the local GitHub API stand-in; and how
pytest-xdist shares the suite out (tests/support/scheduling.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from tests.standin import GitHubStandIn
from tests.support.redis_server import RedisServer
from tests.support.scheduling import ModuleScheduling, long_first

# Parallel workers share the cores: a slow draw or example is contention, not a defect, and no
# test asserts hypothesis's timing. A test's own @settings still win for what they set.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> ModuleScheduling | None:
    """`--dist loadfile` (pyproject's addopts) keeps the modules that share a cache together."""
    if config.getvalue("dist") == "loadfile":
        return ModuleScheduling(config, log)
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In an xdist worker the long modules go first; a serial run keeps its order."""
    if hasattr(config, "workerinput"):
        long_first(items)


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    """A flushed, real Redis for one test."""
    redis_server.flush()
    return redis_server.url


@pytest.fixture(scope="session")
def github_standin_server() -> Iterator[GitHubStandIn]:
    standin = GitHubStandIn().start()
    yield standin
    standin.stop()


@pytest.fixture
def github_standin(github_standin_server: GitHubStandIn) -> GitHubStandIn:
    """The GitHub stand-in, emptied for one test (seed it: add_repo(), set_permission(), ...)."""
    github_standin_server.reset()
    return github_standin_server
