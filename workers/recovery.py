"""Recover webhook deliveries that failed (GitHub never redelivers on its own).

Celery beat runs this every few minutes: it lists the App's recent deliveries whose every
attempt failed (the web app answered 5xx while Redis was down, or was unreachable) and asks
GitHub to redeliver each. Every attempt id is redelivered at most once, and one delivery at most
`MAX_REDELIVERIES` times, so a delivery the App keeps rejecting cannot loop forever.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from workers.logs import JobLogger
from workers.services import Services

ATTEMPT_KEY = "lora-audit:redelivered:attempt:{id}"
COUNT_KEY = "lora-audit:redelivered:count:{guid}"
MAX_REDELIVERIES = 5


def recover_failed_deliveries(services: Services, log: JobLogger) -> dict[str, Any]:
    window = services.tuning.recovery_window
    since = datetime.now(UTC) - timedelta(seconds=window)
    ttl = int(window) + 86400
    redelivered: list[str] = []
    for delivery in services.github.list_failed_deliveries(since=since):
        extra = {"delivery_id": delivery.guid}
        attempt_key = ATTEMPT_KEY.format(id=delivery.id)
        if not services.redis.set(attempt_key, delivery.guid, nx=True, ex=ttl):
            continue  # this failed attempt was redelivered already
        count_key = COUNT_KEY.format(guid=delivery.guid)
        count = int(services.redis.incr(count_key))
        services.redis.expire(count_key, ttl)
        if count > MAX_REDELIVERIES:
            log.warning(
                "not redelivering %s again: failed %d times", delivery.guid, count - 1, extra=extra
            )
            continue
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
        redelivered.append(delivery.guid)
    return {"status": "done", "redelivered": redelivered}
