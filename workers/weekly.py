"""The weekly sweep (Celery beat): one `RepositorySweep` per repository of every installation.

A retry of the same beat run (same task id) does not queue a repository twice; the sweeps run on
their own queue so pull-request checks never wait behind them. The fan-out also renews the badge
state of every repository still installed and public, and drops that of a private one, so a
missed `repository` or `installation` event cannot keep a badge alive (bot/badge.py).
"""

from __future__ import annotations

from typing import Any

from celery import Celery

from bot.badge import forget_badge_state, renew_badge_state
from bot.jobs import RepositorySweep
from workers.services import Services

RUN_KEY = "lora-audit:weekly:{run}:{repo}"
RUN_TTL_SECONDS = 8 * 86400


def enqueue_weekly_sweeps(services: Services, celery: Celery, *, run_id: str) -> dict[str, Any]:
    """Queue a sweep of every installed repository, once per `run_id` (the beat task's id)."""
    github = services.github
    queued: list[str] = []
    for installation_id in github.list_installations():
        for repo in github.list_repositories(installation_id):
            if repo.private:
                forget_badge_state(services.redis, repo.full_name)
            else:
                renew_badge_state(services.redis, repo.full_name)
            key = RUN_KEY.format(run=run_id, repo=repo.full_name.lower())
            if not services.redis.set(key, "queued", nx=True, ex=RUN_TTL_SECONDS):
                continue  # queued by an earlier attempt of this run
            job = RepositorySweep(
                installation_id=installation_id, repo=repo.full_name, reason="weekly"
            )
            try:
                celery.send_task(
                    job.TASK_NAME,
                    kwargs=job.model_dump(mode="json"),
                    task_id=f"{job.TASK_NAME}:{run_id}:{repo.full_name}",
                    queue=job.QUEUE,
                )
            except Exception:
                services.redis.delete(key)  # not queued after all: the retry queues it
                raise
            queued.append(repo.full_name)
    return {"status": "queued", "run": run_id, "repositories": queued}
