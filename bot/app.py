"""The web app: its routes, and the Redis and Celery clients they share."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.routing import Route

from bot.handlers import ROUTER
from bot.health import healthz, readyz
from bot.http_badge import badge
from bot.manifest import CALLBACK_PATH, INSTALLED_PATH, SETUP_PATH
from bot.pages import home, installed
from bot.queue import JobQueue, make_celery, warm_up
from bot.settings import Settings
from bot.setup_flow import already_registered
from bot.webhooks import ReceiverLimits, WebhookReceiver

# Short timeouts and one immediate retry (no backoff sleeps): a dead or hung Redis must turn into
# a quick 503, well inside GitHub's 10 s, while a connection dropped by a Redis restart is redone.
# The retry is safe for the enqueue script: a second run finds the delivery marked and stops.
REDIS_OPTIONS: dict[str, Any] = {
    "socket_connect_timeout": 1.0,
    "socket_timeout": 1.0,
    "retry": Retry(NoBackoff(), 1),
}
PROBE_OPTIONS: dict[str, Any] = {
    "socket_connect_timeout": 0.5,
    "socket_timeout": 0.5,
    "retry": Retry(NoBackoff(), 1),
}


def create_app(settings: Settings) -> Starlette:
    """The starlette app for `settings` (nothing connects until a request needs it)."""
    client = redis.Redis.from_url(settings.redis_url, **REDIS_OPTIONS)
    probe = redis.Redis.from_url(settings.redis_url, **PROBE_OPTIONS)
    celery = make_celery(settings.redis_url)
    receiver = WebhookReceiver(
        secret=settings.webhook_secret.get_secret_value().encode(),
        router=ROUTER,
        queue=JobQueue(client, celery),
        limits=ReceiverLimits(
            body_timeout=settings.webhook_body_timeout,
            buffered_bytes=settings.webhook_buffer_bytes,
        ),
    )

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await run_in_threadpool(warm_up, celery)
        yield
        client.close()
        probe.close()
        celery.close()

    app = Starlette(
        routes=[
            Route("/webhooks", receiver.receive, methods=["POST"]),
            Route("/badge/{owner}/{file}", badge, methods=["GET"]),
            Route("/healthz", healthz, methods=["GET"]),
            Route("/readyz", readyz, methods=["GET"]),
            Route("/", home, methods=["GET"]),
            Route(INSTALLED_PATH, installed, methods=["GET"]),
            # Registered already: the manifest flow only says so (see bot/setup_flow.py).
            Route(SETUP_PATH, already_registered, methods=["GET"]),
            Route(CALLBACK_PATH, already_registered, methods=["GET"]),
        ],
        lifespan=lifespan,
    )
    app.state.redis = client
    app.state.probe_redis = probe
    app.state.settings = settings
    return app
