"""The weekly sweep (Celery beat): one `RepositorySweep` per repository of every installation.

Each repository is queued at most once per ISO week, whichever beat or retry asks again; the
sweeps run on their own queue so pull-request checks never wait behind them.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from celery import Celery

from bot.jobs import RepositorySweep
from workers.services import Services

WEEK_KEY = "lora-audit:weekly:{week}:{repo}"
WEEK_TTL_SECONDS = 8 * 86400


def iso_week(moment: datetime | None = None) -> str:
    year, week, _ = (moment or datetime.now(UTC)).isocalendar()
    return f"{year}-W{week:02d}"


def enqueue_weekly_sweeps(services: Services, celery: Celery) -> dict[str, Any]:
    github = services.github
    week = iso_week()
    queued: list[str] = []
    for installation_id in github.list_installations():
        for repo in github.list_repositories(installation_id):
            key = WEEK_KEY.format(week=week, repo=repo.full_name.lower())
            if not services.redis.set(key, "queued", nx=True, ex=WEEK_TTL_SECONDS):
                continue  # already queued this week
            job = RepositorySweep(
                installation_id=installation_id, repo=repo.full_name, reason="weekly"
            )
            try:
                celery.send_task(
                    job.TASK_NAME,
                    kwargs=job.model_dump(mode="json"),
                    task_id=f"{job.TASK_NAME}:weekly-{week}:{repo.full_name}",
                    queue=job.QUEUE,
                )
            except Exception:
                services.redis.delete(key)  # not queued after all: the retry queues it
                raise
            queued.append(repo.full_name)
    return {"status": "queued", "week": week, "repositories": queued}
