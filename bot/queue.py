"""Enqueue jobs by task name on the Celery broker, exactly once per webhook delivery.

The web app never imports `workers`: it sends each job by its task name (bot/jobs.py) and does
not wait for it. Recording the delivery id and pushing its jobs is ONE Redis script: Redis runs
a script atomically, so either every job is in its queue and the delivery is marked "queued", or
nothing happened. A script whose answer was lost (a hung Redis that runs it later, a timeout that
redis-py retries once) cannot queue anything twice: the second run finds the mark and stops.
A delivery refused with 503 because Redis did not answer may therefore already be queued; its
redelivery is then acknowledged as a duplicate. Either way the jobs are in the queue once.

Each job also gets its entry in the workers' ledger (workers/ledger.py) in the same script,
"queued" since now: a message can vanish after Redis took it (a worker's BRPOP answered just
before Redis went down, before kombu wrote it to its unacked hash; an attempt that could not
reach Redis and whose retry could not be sent), and the recovery sends again a queued job whose
message is nowhere in Redis, which it can only do for a job it knows.

The messages are built with Celery's own task-message code and written in kombu's Redis
envelope (the format `celery.send_task` LPUSHes onto the queue's list), so workers consume them
like any other task.
"""

from __future__ import annotations

import base64
import json
import logging
import time
import uuid
from collections.abc import Sequence

import redis
from celery import Celery
from kombu.serialization import dumps

from bot.jobs import Job

DELIVERY_KEY = "lora-audit:delivery:{delivery_id}"
# Longer than GitHub keeps offering a redelivery (3 days), and longer than the recovery looks
# back (workers.recovery), which reads a missing key as "accepted but lost".
SEEN_TTL_SECONDS = 4 * 24 * 3600
QUEUED, IGNORED = b"queued", b"ignored"
# The workers' ledger of jobs (workers/ledger.py), whose first entry for each job is written here.
LEDGER_KEY = "lora-audit:ledger:{task_id}"
LEDGER_INDEX = "lora-audit:ledger"  # sorted set: task id -> when the recovery looks at it next
LEDGER_TTL_SECONDS = 7 * 86400
LEDGER_QUEUED = "queued"
log = logging.getLogger(__name__)

# KEYS[1]: the delivery's key, KEYS[2]: the ledger's index; then for each job its queue list and
# its ledger entry. ARGV[1]: the mark, ARGV[2]: its ttl, ARGV[3]: now, ARGV[4]: the ledger's ttl;
# then for each job its message, task id, task name, queue name and kwargs (JSON).
_ENQUEUE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local jobs = (#KEYS - 2) / 2
for j = 0, jobs - 1 do
    local queue, entry, a = KEYS[3 + 2 * j], KEYS[4 + 2 * j], 5 + 5 * j
    redis.call('LPUSH', queue, ARGV[a])
    if redis.call('EXISTS', entry) == 0 then
        redis.call('HSET', entry, 'state', 'queued', 'queued_at', ARGV[3], 'name', ARGV[a + 2],
            'queue', ARGV[a + 3], 'kwargs', ARGV[a + 4], 'retries', 0)
        redis.call('EXPIRE', entry, ARGV[4])
        redis.call('ZADD', KEYS[2], ARGV[3], ARGV[a + 1])
    end
end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
return 1
"""


class QueueUnavailable(Exception):
    """Redis did not take the jobs in time; they may or may not have been queued (once)."""


def make_celery(broker_url: str) -> Celery:
    """A Celery app used only to build task messages (it never connects by itself)."""
    return Celery("lora-audit-web", broker=broker_url, set_as_current=False)


def warm_up(celery: Celery) -> None:
    """Build Celery's message machinery now: done lazily it costs ~100 ms on the first
    deliveries, and a burst right after a restart would all wait for it."""
    celery.amqp.create_task_message("warm-up", "warm-up", (), {})


def task_message(celery: Celery, job: Job) -> str:
    """The kombu Redis envelope of `job` as `celery.send_task(..., queue=job.QUEUE)` writes it."""
    task_id = job.task_id()
    message = celery.amqp.create_task_message(
        task_id, job.TASK_NAME, (), job.model_dump(mode="json")
    )
    content_type, encoding, body = dumps(message.body, serializer="json")
    raw = body.encode(encoding) if isinstance(body, str) else body
    return json.dumps(
        {
            "body": base64.b64encode(raw).decode(),
            "content-encoding": encoding,
            "content-type": content_type,
            "headers": message.headers,
            "properties": {
                **message.properties,
                "delivery_mode": 2,
                "delivery_info": {"exchange": "", "routing_key": job.QUEUE},
                "priority": 0,
                "body_encoding": "base64",
                "delivery_tag": str(uuid.uuid4()),
            },
        }
    )


class JobQueue:
    """Thread-safe; `submit` blocks on Redis, so call it from a worker thread in async code."""

    def __init__(self, client: redis.Redis, celery: Celery) -> None:
        self.redis = client
        self.celery = celery
        self._enqueue = client.register_script(_ENQUEUE)

    def submit(self, delivery_id: str, jobs: Sequence[Job]) -> bool:
        """Queue `jobs` unless `delivery_id` was seen; True when queued now, False for a repeat.

        Raises QueueUnavailable when Redis did not answer (the jobs may have been queued)."""
        key = DELIVERY_KEY.format(delivery_id=delivery_id)
        keys: list[str] = [key, LEDGER_INDEX]
        args: list[str | bytes | float] = [
            QUEUED,
            SEEN_TTL_SECONDS,
            time.time(),
            LEDGER_TTL_SECONDS,
        ]
        for job in jobs:
            task_id = job.task_id()
            keys += [job.QUEUE, LEDGER_KEY.format(task_id=task_id)]
            args += [
                task_message(self.celery, job),
                task_id,
                job.TASK_NAME,
                job.QUEUE,
                json.dumps(job.model_dump(mode="json")),
            ]
        try:
            done = self._enqueue(keys=keys, args=args)
        except redis.RedisError as exc:
            raise QueueUnavailable(f"cannot enqueue delivery {delivery_id}: {exc}") from exc
        return bool(done)

    def remember(self, delivery_id: str) -> None:
        """Mark a delivery that needed no job as seen, so the recovery never takes it for one
        whose jobs were lost. Best effort: at worst the recovery redelivers it once."""
        try:
            self.redis.set(
                DELIVERY_KEY.format(delivery_id=delivery_id),
                IGNORED,
                nx=True,
                ex=SEEN_TTL_SECONDS,
            )
        except redis.RedisError as exc:
            log.warning("could not mark delivery %s as seen: %s", delivery_id, exc)
