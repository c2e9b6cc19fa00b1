"""Enqueue jobs by task name on the Celery broker, at most once per webhook delivery.

The web app never imports `workers`: it sends each job by its task name (bot/jobs.py) and does
not wait for it. A delivery id is claimed in Redis before sending (SET NX, "pending", seconds)
and marked "queued" for 3 days once sent. If sending fails the claim is dropped and the caller
answers 503, so GitHub records a failed delivery that the recovery task redelivers later.

A repeat that finds the claim still "pending" is also answered 503: either the first attempt is
in flight, or it failed in a way that left the claim behind (a hung Redis may run a timed-out
SET later). Acknowledging it would lose the delivery; refusing it costs one more redelivery
after the short pending window.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from contextlib import suppress

import redis
from celery import Celery

from bot.jobs import Job

DELIVERY_KEY = "lora-audit:delivery:{delivery_id}"
SEEN_TTL_SECONDS = 3 * 24 * 3600  # longer than GitHub keeps offering a redelivery
# While jobs are being sent the claim is short-lived: if this process dies between claiming and
# confirming, the delivery becomes acceptable again soon instead of being refused for 3 days.
PENDING_TTL_SECONDS = 10
PENDING, QUEUED = b"pending", b"queued"
log = logging.getLogger(__name__)


class QueueUnavailable(Exception):
    """The broker (Redis) could not take the jobs; nothing of this delivery was kept."""


class DeliveryInFlight(QueueUnavailable):
    """The same delivery id is being enqueued (or its claim outlived a failure): retry later."""


def make_celery(broker_url: str) -> Celery:
    """A Celery client that only sends: short timeouts, one immediate retry, no sleeping."""
    app = Celery("lora-audit-web", broker=broker_url, set_as_current=False)
    app.conf.update(
        broker_connection_timeout=1,
        broker_transport_options={"socket_connect_timeout": 1, "socket_timeout": 1},
        # One retry redoes a connection a Redis restart dropped; no interval, nothing sleeps.
        task_publish_retry_policy={
            "max_retries": 1,
            "interval_start": 0,
            "interval_step": 0,
            "interval_max": 0,
        },
    )
    return app


def warm_up(celery: Celery, queues: Sequence[str]) -> None:
    """Build Celery's publishing machinery and declare the queues now, at start-up.

    Done lazily, it costs ~100 ms on the first deliveries, and a burst of them right after a
    restart would all wait for it. A broker that is down is not an error here: log and go on.
    """
    try:
        with celery.producer_or_acquire() as producer:
            for name in queues:
                producer.maybe_declare(celery.amqp.queues[name])
    except Exception as exc:  # the broker may be down at start-up; deliveries will say so
        log.warning("could not reach the broker at start-up: %s", exc)


class JobQueue:
    """Thread-safe; `submit` blocks on Redis, so call it from a worker thread in async code."""

    def __init__(self, client: redis.Redis, celery: Celery) -> None:
        self.redis = client
        self.celery = celery

    def submit(self, delivery_id: str, jobs: Sequence[Job]) -> bool:
        """Send `jobs` unless `delivery_id` was seen; True when sent, False for a repeat."""
        key = DELIVERY_KEY.format(delivery_id=delivery_id)
        try:
            if not self.redis.set(key, PENDING, nx=True, ex=PENDING_TTL_SECONDS):
                if self.redis.get(key) == QUEUED:
                    return False
                raise DeliveryInFlight(f"delivery {delivery_id} is still pending")
        except redis.RedisError as exc:
            raise QueueUnavailable(f"cannot record delivery {delivery_id}: {exc}") from exc
        try:
            for job in jobs:
                self.celery.send_task(
                    job.TASK_NAME,
                    kwargs=job.model_dump(mode="json"),
                    task_id=job.task_id(),
                    queue=job.QUEUE,
                )
        except Exception as exc:  # kombu and redis both signal a lost broker in several ways
            with suppress(redis.RedisError):
                self.redis.delete(key)
            raise QueueUnavailable(f"cannot enqueue delivery {delivery_id}: {exc}") from exc
        try:
            self.redis.set(key, QUEUED, ex=SEEN_TTL_SECONDS)
        except redis.RedisError:
            # The jobs are queued; only the long dedupe window is lost (the pending claim expires).
            log.warning("delivery %s queued but not marked seen", delivery_id)
        return True
