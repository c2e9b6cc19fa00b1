"""The Celery app's configuration: read lazily from the environment, at-least-once delivery."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from celery.schedules import crontab

from bot.jobs import (
    AUDIT_QUEUE,
    JOB_TYPES,
    RECOVER_DELIVERIES_TASK,
    SWEEP_QUEUE,
    WEEKLY_SWEEP_TASK,
    PullRequestAudit,
    RepositorySweep,
)
from tests.workers.world import World, environment
from workers.celery_app import create_app

ROOT = Path(__file__).resolve().parents[2]


def test_importing_the_tasks_needs_no_environment() -> None:
    code = (
        "import os\n"
        "assert not [k for k in os.environ if k.startswith('LORA_AUDIT_')]\n"
        "import workers.tasks\n"
        "from workers.celery_app import app\n"
        "print(sorted(n for n in app.tasks if n.startswith('lora_audit.')))\n"
    )
    env = {"PATH": "/usr/bin:/bin", "HOME": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    names = [*(job.TASK_NAME for job in JOB_TYPES), RECOVER_DELIVERIES_TASK, WEEKLY_SWEEP_TASK]
    assert result.stdout.strip() == repr(sorted(names))


def test_configuration_comes_from_the_environment_when_first_needed(world: World) -> None:
    app = create_app()
    values = world.env(
        LORA_AUDIT_VISIBILITY_TIMEOUT="120",
        LORA_AUDIT_TASK_TIME_LIMIT="100",
        LORA_AUDIT_WEEKLY_SWEEP_CRON="5 4 * * 0",
        LORA_AUDIT_RECOVERY_INTERVAL="30",
    )
    with environment(values):
        conf = app.conf
        assert conf.broker_url == world.redis_url
        assert conf.result_backend == world.redis_url
    assert conf.task_acks_late is True
    assert conf.task_reject_on_worker_lost is True
    assert conf.worker_prefetch_multiplier == 1
    assert conf.broker_transport_options["visibility_timeout"] == 120
    assert conf.task_time_limit == 100
    assert conf.task_soft_time_limit < 100
    assert conf.task_routes[PullRequestAudit.TASK_NAME] == {"queue": AUDIT_QUEUE}
    assert conf.task_routes[RepositorySweep.TASK_NAME] == {"queue": SWEEP_QUEUE}
    assert conf.task_routes[WEEKLY_SWEEP_TASK] == {"queue": SWEEP_QUEUE}
    schedule = conf.beat_schedule
    assert schedule["weekly-sweep"]["task"] == WEEKLY_SWEEP_TASK
    assert schedule["weekly-sweep"]["schedule"] == crontab(minute="5", hour="4", day_of_week="0")
    assert schedule["recover-failed-deliveries"] == {
        "task": RECOVER_DELIVERIES_TASK,
        "schedule": 30.0,
    }
