"""The recovery: failed deliveries are redelivered once per failed attempt and never forever;
acknowledged deliveries Redis lost are redelivered; due ledger entries are sent again."""

from __future__ import annotations

import json
import logging
import time

import redis

from bot.jobs import PushAudit
from bot.queue import DELIVERY_KEY, LEDGER_INDEX, JobQueue, make_celery
from tests.support.broker import queued_tasks
from tests.workers.world import World
from workers.celery_app import create_app
from workers.ledger import Ledger
from workers.logs import JobLogger
from workers.recovery import MAX_REDELIVERIES, UNACKED_KEY, recover_failed_deliveries
from workers.services import Services

LOG = JobLogger(logging.getLogger("tests.recovery"), {})
PUSH = {"action": None, "installation": {"id": 1}, "repository": {"id": 2}}


def _recorded(world: World, guid: str) -> None:
    """What the web app writes when it queues a delivery's jobs."""
    redis.Redis.from_url(world.redis_url).set(DELIVERY_KEY.format(delivery_id=guid), "queued")


def test_each_failed_delivery_is_redelivered_once_and_successes_are_left_alone(
    world: World, services: Services
) -> None:
    failed = world.standin.add_delivery("push", {"zen": "a"}, status_code=503)
    ok = world.standin.add_delivery("push", {"zen": "b"}, status_code=202)
    _recorded(world, ok.guid)
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


def test_an_acknowledged_delivery_that_redis_lost_is_redelivered(
    world: World, services: Services
) -> None:
    """Redis restarted without persistence: the 202 is in GitHub's log, its record and jobs are
    not in Redis. Unhandled events (ping) are acknowledged without a record and left alone."""
    lost = world.standin.add_delivery("push", PUSH, status_code=202)
    kept = world.standin.add_delivery("push", PUSH, status_code=202)
    _recorded(world, kept.guid)
    world.standin.add_delivery("ping", {"zen": "z"}, status_code=200)
    world.standin.add_delivery("star", {"action": "created"}, status_code=202)

    result = recover_failed_deliveries(services, LOG)

    assert result["lost"] == [lost.guid]
    assert world.standin.redelivered == [lost.id]
    # Once the app records it again, it is not lost any more.
    _recorded(world, lost.guid)
    assert recover_failed_deliveries(services, LOG)["lost"] == []


def test_due_ledger_entries_are_sent_again_with_their_task_id(
    world: World, services: Services
) -> None:
    job = _push("demo")
    begun = services.ledger.begin(
        job.task_id(),
        name=job.TASK_NAME,
        queue=job.QUEUE,
        kwargs=job.model_dump(mode="json"),
        retries=3,
        holder="host:1:x",
        lease_seconds=60,
        lost_after=60,
    )
    assert begun.mine
    services.ledger.park(job.task_id(), "host:1:x", due_in=0.0, retries=4)
    celery = create_app()
    celery.conf.update(broker_url=world.redis_url)
    time.sleep(0.01)

    result = recover_failed_deliveries(services, LOG, celery)

    assert result["resent"] == [job.task_id()]
    [task] = queued_tasks(world.redis_url, job.QUEUE)
    assert (task.name, task.id, task.kwargs) == (
        job.TASK_NAME,
        job.task_id(),
        job.model_dump(mode="json"),
    )
    assert recover_failed_deliveries(services, LOG, celery)["resent"] == []  # not due again yet


def _push(repo: str) -> PushAudit:
    """A push to `octo/{repo}`'s main branch, delivered as `d-{repo}`."""
    return PushAudit(
        delivery_id=f"d-{repo}",
        installation_id=1,
        repo=f"octo/{repo}",
        ref="refs/heads/main",
        before="a" * 40,
        after="b" * 40,
        default_branch="main",
    )


def _submitted(world: World, services: Services, repo: str) -> PushAudit:
    """A push delivery the web app accepted: its message queued and its ledger entry written."""
    job = _push(repo)
    client = redis.Redis.from_url(world.redis_url)
    assert JobQueue(client, make_celery(world.redis_url)).submit(job.delivery_id or "", [job])
    # Time passes: it was queued longer ago than a message may take to reach a worker.
    earlier = time.time() - services.tuning.lost_after - 1
    client.hset(Ledger.key(job.task_id()), "queued_at", earlier)
    client.zadd(LEDGER_INDEX, {job.task_id(): earlier})
    return job


def test_a_queued_job_whose_message_vanished_is_sent_again_and_one_still_waiting_is_not(
    world: World, services: Services
) -> None:
    """A worker's BRPOP took the message just before Redis went down, and kombu never wrote it
    to its unacked hash: the delivery is recorded, so only the ledger still knows the job."""
    client = redis.Redis.from_url(world.redis_url)
    lost = _submitted(world, services, "lost")
    client.rpop(lost.QUEUE)  # the oldest message: the one the worker took and lost
    taken = _submitted(world, services, "taken")
    message = client.rpop(taken.QUEUE)  # a worker holds it, unacknowledged
    waiting = _submitted(world, services, "waiting")
    assert isinstance(message, bytes)
    client.hset(UNACKED_KEY, "tag-1", json.dumps([json.loads(message), "", taken.QUEUE]))
    celery = create_app()
    celery.conf.update(broker_url=world.redis_url)

    result = recover_failed_deliveries(services, LOG, celery)

    assert result["resent"] == [lost.task_id()]
    assert [task.id for task in queued_tasks(world.redis_url, lost.QUEUE)] == [
        waiting.task_id(),
        lost.task_id(),
    ]
    assert recover_failed_deliveries(services, LOG, celery)["resent"] == []


def test_a_queued_job_is_not_sent_again_before_its_message_could_be_lost(
    world: World, services: Services
) -> None:
    job = _push("fresh")
    client = redis.Redis.from_url(world.redis_url)
    assert JobQueue(client, make_celery(world.redis_url)).submit("d-fresh", [job])
    client.rpop(job.QUEUE)  # taken by a worker that has not begun it yet
    celery = create_app()
    celery.conf.update(broker_url=world.redis_url)

    assert recover_failed_deliveries(services, LOG, celery)["resent"] == []
    assert queued_tasks(world.redis_url, job.QUEUE) == []
