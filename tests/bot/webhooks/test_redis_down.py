"""Redis down: /readyz says so quickly, deliveries get 503 and are not remembered as seen."""

from __future__ import annotations

import signal
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import redis

from bot.app import create_app
from bot.jobs import PushAudit
from bot.queue import (
    DELIVERY_KEY,
    PENDING_TTL_SECONDS,
    JobQueue,
    QueueUnavailable,
    make_celery,
)
from tests.bot.webhooks.conftest import Web, load_event, settings_for
from tests.support.ports import free_port
from tests.support.redis_server import RedisServer
from tests.support.uvicorn_thread import UvicornThread

PULL = "pull_request/opened.payload.json"


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[RedisServer]:
    """A Redis this test may stop and start without disturbing the others."""
    server = RedisServer(tmp_path / "redis")
    server.start()
    yield server
    server.stop()


@pytest.fixture
def fragile_web(own_redis: RedisServer) -> Iterator[Web]:
    server = UvicornThread(create_app(settings_for(own_redis.url)))
    server.start()
    with httpx.Client(timeout=15) as client:
        yield Web(server.url, own_redis.url, client)
    server.stop()


def test_redis_down_means_not_ready_and_503_then_recovery(
    fragile_web: Web, own_redis: RedisServer
) -> None:
    assert fragile_web.client.get(f"{fragile_web.url}/readyz").status_code == 200
    own_redis.stop()
    started = time.monotonic()
    ready = fragile_web.client.get(f"{fragile_web.url}/readyz")
    assert ready.status_code == 503
    assert time.monotonic() - started < 5  # "quickly": a short socket timeout, not a hang
    refused = fragile_web.post("pull_request", load_event(PULL), delivery="while-down")
    assert refused.status_code == 503
    assert fragile_web.client.get(f"{fragile_web.url}/healthz").status_code == 200
    own_redis.start()
    assert fragile_web.client.get(f"{fragile_web.url}/readyz").status_code == 200
    # GitHub's redelivery of the same delivery id is accepted: it was never marked as seen.
    accepted = fragile_web.post("pull_request", load_event(PULL), delivery="while-down")
    assert accepted.status_code == 202
    assert accepted.json()["queued"] == 1
    assert [task.kwargs["delivery_id"] for task in fragile_web.queued()] == ["while-down"]


def test_failed_publish_drops_the_claim(redis_url: str) -> None:
    """Redis for the dedupe key is up but the broker is not: the claim must not stay behind."""
    client = redis.Redis.from_url(redis_url)
    queue = JobQueue(client, make_celery(f"redis://127.0.0.1:{free_port()}/0"))
    job = PushAudit(
        delivery_id="d1",
        installation_id=1,
        repo="o/r",
        ref="refs/heads/main",
        before="a" * 40,
        after="b" * 40,
        default_branch="main",
    )
    with pytest.raises(QueueUnavailable):
        queue.submit("d1", [job])
    assert client.exists(DELIVERY_KEY.format(delivery_id="d1")) == 0


def test_seen_delivery_is_kept_for_three_days(fragile_web: Web) -> None:
    assert fragile_web.post("pull_request", load_event(PULL), delivery="kept").status_code == 202
    ttl = redis.Redis.from_url(fragile_web.redis_url).ttl(DELIVERY_KEY.format(delivery_id="kept"))
    assert 3 * 24 * 3600 - 60 < ttl <= 3 * 24 * 3600


def test_app_starts_while_redis_is_down(tmp_path: Path) -> None:
    server = RedisServer(tmp_path / "late-redis")  # not started yet
    app = UvicornThread(create_app(settings_for(server.url)))
    started = time.monotonic()
    app.start()
    try:
        assert time.monotonic() - started < 10
        with httpx.Client(timeout=15) as client:
            web = Web(app.url, server.url, client)
            assert client.get(f"{app.url}/readyz").status_code == 503
            assert web.post("pull_request", load_event(PULL), delivery="early").status_code == 503
            server.start()
            try:
                assert client.get(f"{app.url}/readyz").status_code == 200
                assert (
                    web.post("pull_request", load_event(PULL), delivery="early").status_code == 202
                )
                assert [task.kwargs["delivery_id"] for task in web.queued()] == ["early"]
            finally:
                server.stop()
    finally:
        app.stop()


def test_hung_redis_is_answered_well_inside_githubs_10_seconds(
    fragile_web: Web, own_redis: RedisServer
) -> None:
    assert fragile_web.post("pull_request", load_event(PULL), delivery="a").status_code == 202
    assert own_redis.process is not None
    own_redis.process.send_signal(signal.SIGSTOP)  # accepts connections, never answers
    try:
        started = time.monotonic()
        assert fragile_web.post("pull_request", load_event(PULL), delivery="b").status_code == 503
        assert time.monotonic() - started < 9
        started = time.monotonic()
        assert fragile_web.client.get(f"{fragile_web.url}/readyz").status_code == 503
        assert time.monotonic() - started < 3
    finally:
        own_redis.process.send_signal(signal.SIGCONT)
    # The timed-out claim may still run once Redis wakes up: a redelivery is then refused (503)
    # until the short pending window passes, never acknowledged without being queued.
    deadline = time.monotonic() + PENDING_TTL_SECONDS + 5
    statuses = []
    while time.monotonic() < deadline:
        statuses.append(
            fragile_web.post("pull_request", load_event(PULL), delivery="b").status_code
        )
        if statuses[-1] != 503:
            break
        time.sleep(0.5)
    assert statuses[-1] == 202
    assert [task.kwargs["delivery_id"] for task in fragile_web.queued()] == ["a", "b"]


def test_repeat_while_the_first_is_pending_is_refused_not_acknowledged(web: Web) -> None:
    client = redis.Redis.from_url(web.redis_url)
    client.set(DELIVERY_KEY.format(delivery_id="racing"), "pending", ex=PENDING_TTL_SECONDS)
    response = web.post("pull_request", load_event(PULL), delivery="racing")
    assert response.status_code == 503
    assert web.queued() == []
    client.delete(DELIVERY_KEY.format(delivery_id="racing"))  # the first attempt gave up
    assert web.post("pull_request", load_event(PULL), delivery="racing").status_code == 202
    assert len(web.queued()) == 1
