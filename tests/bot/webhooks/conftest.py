"""The web app under a real uvicorn on loopback, with a real Redis as its broker."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from bot.app import create_app
from bot.jobs import AUDIT_QUEUE, SWEEP_QUEUE
from bot.settings import Settings
from tests.standin.hooks import delivery_headers
from tests.standin.keys import app_key_pair
from tests.support.broker import QueuedTask, queued_tasks
from tests.support.redis_server import RedisServer
from tests.support.uvicorn_thread import UvicornThread

SECRET = "webhook-secret-for-tests"
PULL_EVENT = "pull_request/opened.payload.json"
EVENTS = Path(__file__).resolve().parents[2] / "fixtures" / "github"


def settings_for(redis_url: str) -> Settings:
    return Settings(
        app_id=4242,
        private_key=app_key_pair().private_pem,
        webhook_secret=SECRET,
        redis_url=redis_url,
    )


def load_event(relpath: str) -> dict[str, Any]:
    payload: dict[str, Any] = json.loads((EVENTS / relpath).read_text())
    return payload


@dataclass
class Web:
    """The running app, and helpers to post deliveries and read the broker."""

    url: str
    redis_url: str
    client: httpx.Client

    def post(
        self,
        event: str,
        body: bytes | dict[str, Any],
        *,
        delivery: str | None = None,
        secret: str = SECRET,
        headers: dict[str, str] | None = None,
    ) -> httpx.Response:
        raw = json.dumps(body).encode() if isinstance(body, dict) else body
        sent = delivery_headers(event, raw, secret, guid=delivery or str(uuid.uuid4()))
        sent.update(headers or {})
        return self.client.post(f"{self.url}/webhooks", content=raw, headers=sent)

    def queued(self) -> list[QueuedTask]:
        return queued_tasks(self.redis_url, AUDIT_QUEUE) + queued_tasks(self.redis_url, SWEEP_QUEUE)


@pytest.fixture(scope="module")
def web_server(redis_server: RedisServer) -> Iterator[UvicornThread]:
    server = UvicornThread(create_app(settings_for(redis_server.url)))
    server.start()
    yield server
    server.stop()


@pytest.fixture
def web(web_server: UvicornThread, redis_url: str) -> Iterator[Web]:
    """The app, with Redis (broker and dedupe keys) flushed for this test."""
    with httpx.Client(timeout=10) as client:
        yield Web(web_server.url, redis_url, client)
