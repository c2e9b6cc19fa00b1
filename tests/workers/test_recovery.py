"""Failed webhook deliveries are redelivered once per failed attempt, and never forever."""

from __future__ import annotations

import logging

from tests.workers.world import World
from workers.logs import JobLogger
from workers.recovery import MAX_REDELIVERIES, recover_failed_deliveries
from workers.services import Services

LOG = JobLogger(logging.getLogger("tests.recovery"), {})


def test_each_failed_delivery_is_redelivered_once_and_successes_are_left_alone(
    world: World, services: Services
) -> None:
    failed = world.standin.add_delivery("push", {"zen": "a"}, status_code=503)
    world.standin.add_delivery("push", {"zen": "b"}, status_code=202)
    retried_ok = world.standin.add_delivery("ping", {"zen": "c"}, status_code=502)
    world.standin.add_delivery("ping", {"zen": "c"}, status_code=200, guid=retried_ok.guid)

    first = recover_failed_deliveries(services, LOG)
    second = recover_failed_deliveries(services, LOG)

    assert first["redelivered"] == [failed.guid]
    assert second["redelivered"] == []
    assert world.standin.redelivered == [failed.id]


def test_a_delivery_that_keeps_failing_stops_being_redelivered(
    world: World, services: Services
) -> None:
    delivery = world.standin.add_delivery("push", {"zen": "a"}, status_code=500)
    guid = delivery.guid
    for _ in range(MAX_REDELIVERIES + 2):
        recover_failed_deliveries(services, LOG)
        # GitHub logs each redelivery as a new attempt; here the App keeps failing it.
        world.standin.add_delivery("push", {"zen": "a"}, status_code=500, guid=guid)
    assert len(world.standin.redelivered) == MAX_REDELIVERIES
