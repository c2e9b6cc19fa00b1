"""The App's webhook delivery log, one entry per GUID, for the recovery task.

GitHub never redelivers on its own; the App lists `/app/hook/deliveries` (newest first) and asks
for a redelivery of each delivery that never succeeded, and of each it acknowledged whose jobs
Redis then lost (a restart without persistence): the log is the record that outlives Redis.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime

from githubkit_schemas.v2026_03_10.models import HookDeliveryItem

from bot.github.types import FailedDelivery


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _summary(item: HookDeliveryItem) -> FailedDelivery:
    return FailedDelivery(
        id=item.id,
        guid=item.guid,
        event=item.event,
        action=item.action,
        status_code=item.status_code,
        delivered_at=_aware(item.delivered_at),
        installation_id=item.installation_id,
        repository_id=item.repository_id,
    )


def delivery_log(
    items: Iterable[HookDeliveryItem], *, since: datetime | None = None
) -> tuple[list[FailedDelivery], list[FailedDelivery]]:
    """(failed, accepted): the newest attempt of every GUID none of whose attempts got a 2xx,
    and the newest 2xx attempt of every GUID that got one; both newest first.

    `items` must come newest first (as GitHub lists them); reading stops at the first attempt
    older than `since`, so a recovery pass reads only the recent part of the log.
    """
    cutoff = _aware(since) if since is not None else None
    newest_success: dict[str, HookDeliveryItem] = {}
    newest_failure: dict[str, HookDeliveryItem] = {}
    for item in items:
        if cutoff is not None and _aware(item.delivered_at) < cutoff:
            break
        if 200 <= item.status_code < 300:
            newest_success.setdefault(item.guid, item)
        else:
            newest_failure.setdefault(item.guid, item)
    failed = [_summary(item) for guid, item in newest_failure.items() if guid not in newest_success]
    return failed, [_summary(item) for item in newest_success.values()]


def failed_deliveries(
    items: Iterable[HookDeliveryItem], *, since: datetime | None = None
) -> list[FailedDelivery]:
    """The newest attempt of every GUID none of whose attempts got a 2xx, newest first."""
    return delivery_log(items, since=since)[0]
