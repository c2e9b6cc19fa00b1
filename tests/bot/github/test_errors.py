"""Transient GitHub failures become RetryLater with GitHub's own wait; nothing sleeps or retries."""

from __future__ import annotations

import pickle
import time
from pathlib import Path

import pytest

from bot.github import GitHubApp, GitHubCallFailed, RepoOps, RetryLater
from bot.github.errors import (
    NETWORK_ERROR_COUNTDOWN,
    REDIS_DOWN_COUNTDOWN,
    SERVER_ERROR_COUNTDOWN,
)
from tests.bot.github.conftest import INSTALLATION, REPO
from tests.standin import GitHubStandIn
from tests.support.ports import free_port
from tests.support.redis_server import RedisServer

REPO_PATH = f"^/repos/{REPO}$"


def _retry_of(ops: RepoOps) -> RetryLater:
    with pytest.raises(RetryLater) as caught:
        ops.get_repository()
    return caught.value


def _attempts(github_standin: GitHubStandIn) -> int:
    return len(github_standin.calls("GET", REPO_PATH))


def test_server_error_without_retry_after(ops: RepoOps, github_standin: GitHubStandIn) -> None:
    github_standin.fail_next(502, path=REPO_PATH)
    retry = _retry_of(ops)
    assert retry.countdown == SERVER_ERROR_COUNTDOWN
    assert "502" in retry.reason
    assert _attempts(github_standin) == 1  # githubkit did not retry on its own
    assert ops.get_repository().full_name == REPO  # the next try works


def test_server_error_with_retry_after(ops: RepoOps, github_standin: GitHubStandIn) -> None:
    github_standin.fail_next(503, path=REPO_PATH, headers={"retry-after": "5"})
    assert _retry_of(ops).countdown == 5


def test_429_honours_retry_after(ops: RepoOps, github_standin: GitHubStandIn) -> None:
    github_standin.rate_limit_next(retry_after=7, path=REPO_PATH)
    retry = _retry_of(ops)
    assert retry.countdown == 7
    assert "rate limited" in retry.reason
    assert _attempts(github_standin) == 1


def test_secondary_limit_403_honours_retry_after(
    ops: RepoOps, github_standin: GitHubStandIn
) -> None:
    github_standin.secondary_limit_next(retry_after=3, path=REPO_PATH)
    assert _retry_of(ops).countdown == 3


def test_secondary_limit_403_without_retry_after_waits_a_minute(
    ops: RepoOps, github_standin: GitHubStandIn
) -> None:
    github_standin.fail_next(
        403, path=REPO_PATH, message="You have exceeded a secondary rate limit. Wait."
    )
    assert _retry_of(ops).countdown == 60


def test_primary_limit_waits_until_reset(ops: RepoOps, github_standin: GitHubStandIn) -> None:
    github_standin.primary_limit_next(reset_at=int(time.time()) + 30, path=REPO_PATH)
    assert 27 <= _retry_of(ops).countdown <= 30


def test_primary_limit_already_reset_still_waits_a_little(
    ops: RepoOps, github_standin: GitHubStandIn
) -> None:
    github_standin.primary_limit_next(reset_at=int(time.time()) - 5, path=REPO_PATH)
    assert _retry_of(ops).countdown == 1


def test_rate_limited_token_request_is_retried_later(
    ops: RepoOps, github_standin: GitHubStandIn
) -> None:
    github_standin.rate_limit_next(retry_after=4, path="/access_tokens$")
    assert _retry_of(ops).countdown == 4
    assert _attempts(github_standin) == 0


@pytest.mark.parametrize(("status", "path"), [(404, REPO_PATH), (422, REPO_PATH), (403, REPO_PATH)])
def test_client_errors_are_final(
    ops: RepoOps, github_standin: GitHubStandIn, status: int, path: str
) -> None:
    github_standin.fail_next(status, path=path, message="Resource not accessible by integration")
    with pytest.raises(GitHubCallFailed) as caught:
        ops.get_repository()
    assert caught.value.status == status
    assert "Resource not accessible" in str(caught.value)


def test_unreachable_github_is_retried_later(github_standin: GitHubStandIn, redis_url: str) -> None:
    settings = github_standin.settings(redis_url=redis_url)
    settings = settings.model_copy(update={"github_api_url": f"http://127.0.0.1:{free_port()}"})
    with pytest.raises(RetryLater) as caught:
        GitHubApp(settings).repo(INSTALLATION, REPO).get_repository()
    assert caught.value.countdown == NETWORK_ERROR_COUNTDOWN


def test_errors_survive_pickling_for_celery() -> None:
    retry = pickle.loads(pickle.dumps(RetryLater(12.5, "busy")))
    assert (retry.countdown, retry.reason) == (12.5, "busy")
    failed = pickle.loads(pickle.dumps(GitHubCallFailed(404, "GET /x -> 404")))
    assert (failed.status, failed.message) == (404, "GET /x -> 404")


def test_redis_down_is_retried_later(github_standin: GitHubStandIn, tmp_path: Path) -> None:
    server = RedisServer(tmp_path / "redis")
    server.start()
    app = GitHubApp(github_standin.settings(redis_url=server.url))
    ops = app.repo(INSTALLATION, REPO)
    github_standin.add_repo(REPO, installation_id=INSTALLATION)
    assert ops.get_repository().full_name == REPO
    server.stop()
    for operation in (ops.get_repository, lambda: ops.find_or_create_check_run("a" * 40)):
        with pytest.raises(RetryLater) as caught:
            operation()
        assert caught.value.countdown == REDIS_DOWN_COUNTDOWN
        assert "Redis unavailable" in caught.value.reason
