"""Step claims in a real Redis: one owner at a time, re-entry by the same task, done is final."""

from __future__ import annotations

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
