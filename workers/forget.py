"""A repository the App may no longer show: drop its badge state (bot/badge.py)."""

from __future__ import annotations

from typing import Any

from bot.badge import forget_badge_state
from bot.jobs import ForgetRepository
from workers.execution import JobContext


def run(job: ForgetRepository, ctx: JobContext) -> dict[str, Any]:
    dropped = forget_badge_state(ctx.services.redis, job.repo)
    ctx.log.info("forgot the badge state of %s (%s): %s", job.repo, job.reason, dropped)
    return {"status": "forgotten", "reason": job.reason, "badge_dropped": dropped}
