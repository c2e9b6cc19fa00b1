"""The periodic recovery (Celery beat, every few minutes): nothing accepted is ever lost.

1. Jobs the ledger holds that are due (workers/ledger.py) are sent again: retries parked because
   their countdown was too long for a broker message, jobs that gave up and could not even say
   so (GitHub down), and jobs whose message vanished. A job whose message is still in Redis
   (waiting in its queue, or taken by a worker and in kombu's unacked hash, which kombu puts back
   if that worker dies) is not lost, however long it waits: sending it again would run it twice.
2. Webhook deliveries whose every attempt failed (the web app answered 5xx while Redis was down,
   or was unreachable) are redelivered: GitHub never redelivers on its own.
3. Deliveries the web app acknowledged (2xx) whose record is missing from Redis are redelivered
   too: Redis lost them (a restart without persistence, or the last second before a crash), and
   with them their jobs. The web app records every delivery it acts on atomically with its jobs
   (bot/queue.py), so a missing record means missing jobs.

Every attempt id is redelivered at most once, and one delivery at most `MAX_REDELIVERIES` times,
so a delivery the App keeps rejecting cannot loop forever.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from typing import Any

import redis
from celery import Celery

from bot.github.types import FailedDelivery
from bot.handlers import ROUTER
from bot.queue import DELIVERY_KEY, LEDGER_QUEUED, SEEN_TTL_SECONDS
from workers.ledger import WITHOUT_MESSAGE, Entry
from workers.logs import JobLogger
from workers.services import Services

ATTEMPT_KEY = "lora-audit:redelivered:attempt:{id}"
COUNT_KEY = "lora-audit:redelivered:count:{guid}"
MAX_REDELIVERIES = 5
# A ledger entry is dropped (with an error logged) after this many lost messages, or give-ups
# (with their doubling backoff, 8 give-ups span more than a day at the default interval).
MAX_RESENDS = 5
MAX_GIVE_UPS = 8
# Deliveries older than this may have outlived their record in Redis legitimately.
LOST_WINDOW_SECONDS = SEEN_TTL_SECONDS - 86400
# Where kombu's Redis transport keeps the messages workers took and have not acknowledged (its
# default `unacked_key`; workers/celery_app.py does not change it).
UNACKED_KEY = "unacked"


def task_ids_in_redis(client: redis.Redis, queues: Iterable[str]) -> set[str]:
    """The task ids of every message waiting in `queues` or taken and not yet acknowledged."""
    raw = [item for queue in sorted(set(queues)) for item in client.lrange(queue, 0, -1)]
    raw += client.hvals(UNACKED_KEY)
    found: set[str] = set()
    for item in raw:
        try:
            message = json.loads(item)
            envelope = message[0] if isinstance(message, list) else message  # unacked: [m, ex, rk]
            found.add(str(envelope["headers"]["id"]))
        except (ValueError, LookupError, TypeError):
            continue  # not a task message of ours
    return found


def _message_lost(
    services: Services, entry: Entry, now: float, in_redis: Callable[[], set[str]]
) -> float | None:
    """None when `entry`'s message is lost; else when to look again."""
    lost_after = services.tuning.lost_after
    if entry.state == LEDGER_QUEUED and now < entry.queued_at + lost_after:
        return entry.queued_at + lost_after
    if entry.task_id in in_redis():
        return now + lost_after
    return None


def resend_due_jobs(services: Services, celery: Celery, log: JobLogger) -> list[str]:
    ledger = services.ledger
    resent: list[str] = []
    due = ledger.due()
    in_redis = functools.cache(
        lambda: task_ids_in_redis(services.redis, (entry.queue for entry in due))
    )
    for entry in due:
        extra = {"delivery_id": str(entry.kwargs.get("delivery_id") or "-")}
        now = time.time()
        lease_until = ledger.lease_until(entry.task_id)
        if lease_until > now:  # an attempt is running it right now
            ledger.postpone(entry.task_id, lease_until)
            continue
        if entry.state not in WITHOUT_MESSAGE:
            again = _message_lost(services, entry, now, in_redis)
            if again is not None:  # still on its way to a worker
                ledger.postpone(entry.task_id, again)
                continue
        if entry.resends >= MAX_RESENDS or entry.gave_ups > MAX_GIVE_UPS:
            log.error(
                "dropping %s: sent again %d times, gave up %d times (%s)",
                entry.task_id,
                entry.resends,
                entry.gave_ups,
                entry.reason or entry.state,
                extra=extra,
            )
            ledger.drop(entry.task_id)
            continue
        celery.send_task(
            entry.name,
            kwargs=entry.kwargs,
            task_id=entry.task_id,
            queue=entry.queue,
            retries=entry.retries,
        )
        ledger.resent(entry, lost_after=services.tuning.lost_after)
        log.info("sent %s again (%s)", entry.task_id, entry.reason or entry.state, extra=extra)
        resent.append(entry.task_id)
    return resent


def _redeliver(services: Services, delivery: FailedDelivery, log: JobLogger, ttl: int) -> bool:
    extra = {"delivery_id": delivery.guid}
    attempt_key = ATTEMPT_KEY.format(id=delivery.id)
    if not services.redis.set(attempt_key, delivery.guid, nx=True, ex=ttl):
        return False  # this attempt was redelivered already
    count_key = COUNT_KEY.format(guid=delivery.guid)
    count = int(services.redis.incr(count_key))
    services.redis.expire(count_key, ttl)
    if count > MAX_REDELIVERIES:
        log.warning(
            "not redelivering %s again: failed %d times", delivery.guid, count - 1, extra=extra
        )
        return False
    try:
        services.github.redeliver(delivery.id)
    except Exception:
        services.redis.delete(attempt_key)  # try again on the next run
        services.redis.decr(count_key)
        raise
    log.info(
        "redelivered %s %s (attempt %d, status %d)",
        delivery.event,
        delivery.action or "",
        delivery.id,
        delivery.status_code,
        extra=extra,
    )
    return True


def _lost(services: Services, delivery: FailedDelivery) -> bool:
    """Acknowledged, acted on, and yet unknown to Redis: its jobs are gone."""
    if not ROUTER.handles(delivery.event, delivery.action or None):
        return False  # acknowledged with nothing to do, never recorded
    age = (datetime.now(UTC) - delivery.delivered_at).total_seconds()
    if age > LOST_WINDOW_SECONDS:
        return False
    return not services.redis.exists(DELIVERY_KEY.format(delivery_id=delivery.guid))


def recover_failed_deliveries(
    services: Services, log: JobLogger, celery: Celery | None = None
) -> dict[str, Any]:
    resent = resend_due_jobs(services, celery, log) if celery is not None else []
    window = services.tuning.recovery_window
    since = datetime.now(UTC) - timedelta(seconds=window)
    ttl = int(window) + 86400
    failed, accepted = services.github.delivery_log(since=since)
    redelivered = [item.guid for item in failed if _redeliver(services, item, log, ttl)]
    lost = [
        item.guid
        for item in accepted
        if _lost(services, item) and _redeliver(services, item, log, ttl)
    ]
    return {"status": "done", "redelivered": redelivered, "lost": lost, "resent": resent}
