"""The job ledger in a real Redis: one attempt at a time, killed attempts are known, and what is
due comes back."""

from __future__ import annotations

import subprocess
import sys
import time

import redis

from bot.github.repo import LOCK_KEY, process_prefix, release_locks_of
from tests.workers.world import World, environment
from workers import requests
from workers.execution import MAX_CRASHES, interrupted_reason
from workers.ledger import Begun, Ledger

TASK = "lora_audit.audit_push:d-1:octo/demo"


def _begin(ledger: Ledger, holder: str, lease: float = 60.0) -> Begun:
    return ledger.begin(
        TASK,
        name="lora_audit.audit_push",
        queue="lora-audit",
        kwargs={"repo": "octo/demo"},
        retries=0,
        holder=holder,
        lease_seconds=lease,
        lost_after=300,
    )


def test_a_second_copy_never_runs_while_the_first_holds_the_lease(redis_url: str) -> None:
    ledger = Ledger(redis.Redis.from_url(redis_url))
    first = ledger.begin(
        TASK, name="n", queue="q", kwargs={}, retries=0, holder="h:1:a", lease_seconds=60,
        lost_after=300,
    )  # fmt: skip
    second = ledger.begin(
        TASK, name="n", queue="q", kwargs={}, retries=0, holder="h:2:b", lease_seconds=60,
        lost_after=300,
    )  # fmt: skip
    assert first.mine
    assert not second.mine
    assert 55 < second.busy_for <= 60
    assert ledger.end(TASK, "h:2:b") is False  # not the holder: nothing happens
    assert ledger.end(TASK, "h:1:a") is True
    assert redis.Redis.from_url(redis_url).exists(Ledger.key(TASK)) == 0


def test_attempts_that_die_silently_are_counted_and_then_reported(redis_url: str) -> None:
    ledger = Ledger(redis.Redis.from_url(redis_url))
    begun = []
    for n in range(MAX_CRASHES + 1):
        begun.append(_begin(ledger, f"h:{n}:x", lease=0.01))
        time.sleep(0.02)  # each began and never ended; its lease lapses; the next one counts it
    assert all(b.mine for b in begun)
    assert [b.crashes for b in begun] == list(range(MAX_CRASHES + 1))
    assert interrupted_reason(begun[-1]) is not None
    assert "died 2 times" in str(interrupted_reason(begun[-1]))


def test_the_main_process_frees_a_killed_attempts_lease_and_says_why(redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url)
    ledger = Ledger(client)
    prefix = process_prefix(4242)
    assert _begin(ledger, prefix + "abc").mine
    lock = LOCK_KEY.format(repo="octo/demo", what="check-run:x")
    client.set(lock, prefix + "lock-token", ex=120)
    client.set(LOCK_KEY.format(repo="octo/demo", what="other"), "elsewhere:1:t", ex=120)

    assert ledger.interrupted(TASK, prefix, "stopped at the hard time limit") is True
    assert release_locks_of(client, prefix) == 1

    after = _begin(ledger, "h:9:z")
    assert after.mine
    assert after.stopped == "stopped at the hard time limit"
    assert after.crashes == 0
    assert client.exists(lock) == 0
    assert client.exists(LOCK_KEY.format(repo="octo/demo", what="other")) == 1


def test_parked_and_given_up_jobs_come_due(redis_url: str) -> None:
    ledger = Ledger(redis.Redis.from_url(redis_url))
    assert _begin(ledger, "h:1:a").mine
    ledger.park(TASK, "h:1:a", due_in=0.0, retries=3)
    time.sleep(0.01)
    [entry] = ledger.due()
    assert (entry.task_id, entry.state, entry.retries, entry.kwargs) == (
        TASK,
        "parked",
        3,
        {"repo": "octo/demo"},
    )
    ledger.resent(entry, lost_after=300)
    assert ledger.due() == []

    assert _begin(ledger, "h:2:b").mine
    ledger.gave_up(TASK, "h:2:b", "GitHub is down", backoff=0.0)
    time.sleep(0.01)
    [entry] = ledger.due()
    assert (entry.state, entry.reason, entry.retries, entry.resends, entry.gave_ups) == (
        "gave_up",
        "GitHub is down",
        0,
        0,
        1,
    )


def test_a_restarted_worker_frees_what_its_dead_processes_held(world: World) -> None:
    client = redis.Redis.from_url(world.redis_url)
    ledger = Ledger(client)
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()  # a process of this host that no longer runs
    dead, alive = process_prefix(gone.pid), process_prefix()
    assert _begin(ledger, dead + "attempt").mine
    client.set(LOCK_KEY.format(repo="octo/demo", what="a"), dead + "t", ex=120)
    client.set(LOCK_KEY.format(repo="octo/demo", what="b"), alive + "t", ex=120)

    with environment(world.env()):
        requests._ledger.cache_clear()
        try:
            requests.release_dead_processes()
        finally:
            requests._ledger.cache_clear()

    assert _begin(ledger, "elsewhere:1:x").mine  # the dead attempt's lease is free
    assert client.exists(LOCK_KEY.format(repo="octo/demo", what="a")) == 0
    assert client.exists(LOCK_KEY.format(repo="octo/demo", what="b")) == 1
