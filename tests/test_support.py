"""The test helpers themselves work against the real programs."""

from __future__ import annotations

from pathlib import Path

import redis

from tests.support.gitrepo import GitRepo
from tests.support.redis_server import RedisServer


def test_private_redis_restarts_on_the_same_port(redis_server: RedisServer, redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url)
    client.set("k", "v")
    assert client.get("k") == b"v"
    client.close()
    port = redis_server.port
    redis_server.restart()
    assert redis_server.port == port
    again = redis.Redis.from_url(redis_server.url)
    assert again.get("k") is None  # nothing is persisted
    again.close()


def test_git_repo_commits_are_reproducible(tmp_path: Path) -> None:
    a = GitRepo(tmp_path / "a")
    b = GitRepo(tmp_path / "b")
    assert a.commit("one", {"x.py": "x = 1\n"}) == b.commit("one", {"x.py": "x = 1\n"})
