"""The test helpers themselves work against the real programs."""

from __future__ import annotations

from pathlib import Path

import redis

from tests.support.gitrepo import GitRepo
from tests.support.redis_server import RedisServer
from tests.support.scheduling import unit_of


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


def test_xdist_units_keep_shared_caches_together_and_split_what_shares_nothing() -> None:
    corpus = "tests/analyzers/fix/test_corpus.py::test_fixed[a.py]"
    reproductions = "tests/analyzers/test_reproductions.py::test_reproduction[b]"
    assert unit_of(corpus) == unit_of(reproductions)  # one worker scans each reproduction once
    assert unit_of("tests/test_action.py::test_one") == unit_of("tests/test_action.py::test_two")
    first = "tests/analyzers/test_shared_start.py::test_a_shared_start_changes_no_row[drivers-1of8]"
    second = first.replace("1of8", "2of8")
    assert unit_of(first) != unit_of(second)  # minutes of work, shared by both workers
