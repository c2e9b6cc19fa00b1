"""Redis down: /readyz says so quickly, deliveries get 503 and are not remembered as seen."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import redis

from bot.app import create_app
from bot.jobs import PushAudit
from bot.queue import DELIVERY_KEY, JobQueue, QueueUnavailable, make_celery
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
