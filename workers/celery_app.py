"""The Celery app: Redis broker, queues, at-least-once delivery and the beat schedule.

Nothing here reads the environment at import: the broker URL and the limits are a lazy default
that Celery evaluates the first time its configuration is needed (a worker starting, a task being
sent), so `import workers.tasks` works in a test with no `LORA_AUDIT_*` variables at all.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import Celery
from celery.schedules import crontab
from celery.signals import after_setup_logger, after_setup_task_logger

from bot.jobs import (
    AUDIT_QUEUE,
    JOB_TYPES,
    RECOVER_DELIVERIES_TASK,
    SWEEP_QUEUE,
    WEEKLY_SWEEP_TASK,
)
from bot.settings import SettingsError, get_settings
from workers.logs import install_log_format
from workers.tuning import WorkerTuning, get_tuning

QUEUES = (AUDIT_QUEUE, SWEEP_QUEUE)
TASK_ROUTES: dict[str, dict[str, str]] = {
    **{job.TASK_NAME: {"queue": job.QUEUE} for job in JOB_TYPES},
    WEEKLY_SWEEP_TASK: {"queue": SWEEP_QUEUE},
    RECOVER_DELIVERIES_TASK: {"queue": AUDIT_QUEUE},
}

# Settings that do not depend on the environment.
STATIC_CONFIG: dict[str, Any] = {
    "task_serializer": "json",
    "result_serializer": "json",
    "accept_content": ["json"],
    "task_default_queue": AUDIT_QUEUE,
    "task_routes": TASK_ROUTES,
    # At-least-once: a task is acknowledged only after it finished, and a task whose worker
    # process died is put back rather than lost. Tasks are idempotent, so a second run is safe.
    "task_acks_late": True,
    "task_reject_on_worker_lost": True,
    # One task at a time per process: an audit is long, and prefetching would strand queued
    # jobs behind it while other workers sit idle.
    "worker_prefetch_multiplier": 1,
    "worker_hijack_root_logger": True,
    "worker_redirect_stdouts": False,
    "broker_connection_retry_on_startup": True,
    "broker_connection_max_retries": None,
    "task_track_started": True,
    "result_expires": 86400,
    "timezone": "UTC",
    "enable_utc": True,
}


def _restore_interval(tuning: WorkerTuning) -> int:
    # kombu scans for abandoned (unacknowledged) messages on this period; a quarter of the
    # visibility timeout keeps recovery prompt without scanning Redis needlessly often.
    return max(1, min(60, int(tuning.visibility_timeout / 4)))


def beat_schedule(tuning: WorkerTuning) -> dict[str, dict[str, Any]]:
    minute, hour, day_of_month, month, day_of_week = tuning.weekly_sweep_cron.split()
    return {
        "weekly-sweep": {
            "task": WEEKLY_SWEEP_TASK,
            "schedule": crontab(
                minute=minute,
                hour=hour,
                day_of_month=day_of_month,
                month_of_year=month,
                day_of_week=day_of_week,
            ),
        },
        "recover-failed-deliveries": {
            "task": RECOVER_DELIVERIES_TASK,
            "schedule": tuning.recovery_interval,
        },
    }


def environment_config() -> dict[str, Any]:
    """The settings that come from `LORA_AUDIT_*`; read when Celery first needs its config.

    Without a valid environment (a test inspecting the registered tasks) there is nothing to
    add; `lora-audit worker` checks the environment itself before it starts, with a clear error.
    """
    try:
        settings = get_settings()
        tuning = get_tuning()
    except SettingsError as exc:
        logging.getLogger(__name__).debug("no worker configuration: %s", exc)
        return {}
    transport = {
        "visibility_timeout": tuning.visibility_timeout,
        "unacked_restore_interval": _restore_interval(tuning),
        "unacked_restore_throttle": 1,
        # Without a socket timeout a publish to a Redis that vanished waits forever.
        "socket_timeout": 30,
        "socket_connect_timeout": 5,
        "health_check_interval": 10,
    }
    return {
        "broker_url": settings.redis_url,
        "result_backend": settings.redis_url,
        "broker_transport_options": transport,
        "result_backend_transport_options": {"socket_timeout": 30, "socket_connect_timeout": 5},
        "task_time_limit": tuning.task_time_limit,
        "task_soft_time_limit": tuning.soft_time_limit,
        "beat_schedule": beat_schedule(tuning),
        "beat_schedule_filename": str(settings.cache_dir / "celerybeat-schedule"),
        "worker_concurrency": tuning.worker_concurrency,
    }


@after_setup_logger.connect
@after_setup_task_logger.connect
def _context_log_format(logger: logging.Logger, **_: Any) -> None:
    """Celery's handlers get our format, so every line says delivery, repo and sha."""
    install_log_format(logger)


def create_app() -> Celery:
    celery = Celery("lora_audit", include=["workers.tasks"])
    celery.conf.update(STATIC_CONFIG)
    celery.add_defaults(environment_config)
    return celery


app = create_app()
