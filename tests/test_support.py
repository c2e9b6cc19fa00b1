"""The test helpers themselves work against the real programs."""

from __future__ import annotations

from pathlib import Path

import redis

from tests.support.gitrepo import GitRepo
from tests.support.redis_server import RedisServer


def test_private_redis_restarts_on_the_same_port_and_keeps_its_data(
    redis_server: RedisServer, redis_url: str
) -> None:
    client = redis.Redis.from_url(redis_url)
    client.set("k", "v")
    assert client.get("k") == b"v"
    client.close()
    port = redis_server.port
    redis_server.restart()
    assert redis_server.port == port
    again = redis.Redis.from_url(redis_server.url)
    assert again.get("k") == b"v"  # persisted in its append-only file, as production must be
    again.close()


def test_a_volatile_redis_forgets_everything_on_a_restart(tmp_path: Path) -> None:
    server = RedisServer(tmp_path / "volatile", persistent=False)
    server.start()
    try:
        client = redis.Redis.from_url(server.url)
        client.set("k", "v")
        client.close()
        server.restart()
        again = redis.Redis.from_url(server.url)
        assert again.get("k") is None
        again.close()
    finally:
        server.stop()


def test_git_repo_commits_are_reproducible(tmp_path: Path) -> None:
    a = GitRepo(tmp_path / "a")
    b = GitRepo(tmp_path / "b")
    assert a.commit("one", {"x.py": "x = 1\n"}) == b.commit("one", {"x.py": "x = 1\n"})
