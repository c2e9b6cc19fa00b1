"""Step claims in a real Redis: one owner at a time, re-entry by the same task, done is final."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import redis

from workers.markers import Markers


def test_claims_are_exclusive_reentrant_and_final(redis_url: str) -> None:
    markers = Markers(redis.Redis.from_url(redis_url))
    assert markers.begin("Octo/Demo", "abc", "pr", owner="task-1", ttl=60) == "mine"
    assert markers.begin("octo/demo", "abc", "pr", owner="task-2", ttl=60) == "busy"
    assert markers.begin("octo/demo", "abc", "pr", owner="task-1", ttl=60) == "mine"
    assert markers.begin("octo/demo", "def", "pr", owner="task-2", ttl=60) == "mine"

    markers.finish("octo/demo", "abc", "pr")
    assert markers.begin("octo/demo", "abc", "pr", owner="task-1", ttl=60) == "done"
    assert markers.done("octo/demo", "abc", "pr")


def test_an_abandoned_claim_can_be_taken_by_another_task(redis_url: str) -> None:
    markers = Markers(redis.Redis.from_url(redis_url))
    assert markers.begin("octo/demo", "abc", "pr", owner="task-1", ttl=60) == "mine"
    markers.abandon("octo/demo", "abc", "pr", owner="task-2")  # not theirs: no effect
    assert markers.begin("octo/demo", "abc", "pr", owner="task-2", ttl=60) == "busy"
    markers.abandon("octo/demo", "abc", "pr", owner="task-1")
    assert markers.begin("octo/demo", "abc", "pr", owner="task-2", ttl=60) == "mine"


def test_a_claim_expires(redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url)
    markers = Markers(client)
    assert markers.begin("octo/demo", "abc", "pr", owner="task-1", ttl=60) == "mine"
    assert 0 < client.ttl(Markers.key("octo/demo", "abc", "pr")) <= 60
    client.delete(Markers.key("octo/demo", "abc", "pr"))  # what the expiry does
    assert markers.begin("octo/demo", "abc", "pr", owner="task-2", ttl=60) == "mine"


class Interleaving(redis.Redis):
    """A real Redis client that, once, runs `between()` right after its first command on `key`
    returns: the moment another worker could act between two commands of ours."""

    _pending: tuple[str, Callable[[], None]] | None = None

    def interleave(self, key: str, between: Callable[[], None]) -> None:
        self._pending = (key, between)

    def execute_command(self, *args: Any, **options: Any) -> Any:
        result = super().execute_command(*args, **options)  # type: ignore[no-untyped-call]
        pending = self._pending
        if pending is not None and pending[0] in args:
            self._pending = None
            pending[1]()
        return result


def test_abandon_never_drops_a_claim_another_task_took_meanwhile(redis_url: str) -> None:
    key = Markers.key("octo/demo", "abc", "pr")
    other = Markers(redis.Redis.from_url(redis_url))
    client = Interleaving(connection_pool=redis.ConnectionPool.from_url(redis_url))
    mine = Markers(client)
    assert mine.begin("octo/demo", "abc", "pr", owner="task-1", ttl=60) == "mine"

    def expire_and_take_over() -> None:
        other.client.delete(key)  # task-1's claim lapses here...
        assert other.begin("octo/demo", "abc", "pr", owner="task-2", ttl=60) == "mine"  # ...taken

    client.interleave(key, expire_and_take_over)
    mine.abandon("octo/demo", "abc", "pr", owner="task-1")

    assert other.get("octo/demo", "abc", "pr") == "running:task-2"
    assert mine.begin("octo/demo", "abc", "pr", owner="task-3", ttl=60) == "busy"


def test_reentering_a_claim_renews_its_lifetime(redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url)
    markers = Markers(client)
    key = Markers.key("octo/demo", "abc", "pr")
    assert markers.begin("octo/demo", "abc", "pr", owner="task-1", ttl=5) == "mine"
    assert markers.begin("octo/demo", "abc", "pr", owner="task-1", ttl=600) == "mine"
    assert client.ttl(key) > 5
