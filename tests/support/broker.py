"""Read what was enqueued: the Celery messages waiting in the Redis broker's list for a queue."""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from typing import Any

import redis


@dataclass(frozen=True)
class QueuedTask:
    name: str  # the Celery task name (message header "task")
    id: str  # the Celery task id
    kwargs: dict[str, Any]


def queued_tasks(redis_url: str, queue: str) -> list[QueuedTask]:
    """Decode each kombu message in the queue's list, oldest first (kombu LPUSHes, workers RPOP)."""
    client = redis.Redis.from_url(redis_url)
    try:
        raw = client.lrange(queue, 0, -1)
    finally:
        client.close()
    tasks = []
    for item in reversed(raw):
        message = json.loads(item)
        body = (
            base64.b64decode(message["body"])
            if message.get("properties", {}).get("body_encoding") == "base64"
            else message["body"].encode()
        )
        _args, kwargs, _embed = json.loads(body)
        tasks.append(QueuedTask(message["headers"]["task"], message["headers"]["id"], kwargs))
    return tasks
