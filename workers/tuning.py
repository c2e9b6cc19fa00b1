"""Worker-only knobs (time limits, fetch limits, schedules) from `LORA_AUDIT_*`, read when asked."""

from __future__ import annotations

from pydantic import Field, ValidationError, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.settings import ENV_PREFIX, SettingsError, describe


class WorkerTuning(BaseSettings):
    """Limits and schedules; every value has a production default and can be lowered for tests.

    The broker's visibility timeout must outlast the longest task, or Redis hands a running task
    to a second worker; `_visibility_outlasts_tasks` enforces that at start-up.
    """

    model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, extra="ignore", frozen=True)

    # Seconds before an unacknowledged task (its worker died) is handed to another worker.
    visibility_timeout: float = Field(default=3900.0, gt=0)
    # Hard and soft limits for one task; the soft one raises inside the task so it can report.
    task_time_limit: float = Field(default=3600.0, gt=0)
    task_soft_time_limit: float | None = Field(default=None, gt=0)  # default: 92% of the hard one
    # One `git fetch`: wall-clock seconds and bytes written into the mirror.
    fetch_timeout: float = Field(default=600.0, gt=0)
    fetch_max_bytes: int = Field(default=2 * 1024**3, gt=0)
    # Seconds to wait for another process's lock on the same mirror.
    lock_timeout: float = Field(default=900.0, gt=0)
    # Retries of transient failures (GitHub 5xx, network): count and backoff ceiling in seconds.
    max_retries: int = Field(default=8, ge=0)
    retry_backoff_max: int = Field(default=600, gt=0)
    # Celery beat: the weekly sweep as a crontab ("minute hour day_of_month month day_of_week")
    # and the interval of the failed-delivery recovery.
    weekly_sweep_cron: str = "17 3 * * 1"
    recovery_interval: float = Field(default=300.0, gt=0)
    # How far back the recovery looks at the App's deliveries, in seconds.
    recovery_window: float = Field(default=3 * 86400.0, gt=0)
    worker_concurrency: int | None = Field(default=None, gt=0)
    # Seconds a sweep may take from its start, the mirror's fetch included (HEAD is audited in
    # full, then the branch tips, newest first, and the history as far as they get); default:
    # three quarters of the soft time limit, which leaves room for the last audit and the
    # issue's update.
    # What it analysed stays cached, so each sweep of a long history gets further than the last.
    sweep_time: float | None = Field(default=None, gt=0)

    @model_validator(mode="after")
    def _visibility_outlasts_tasks(self) -> WorkerTuning:
        if self.task_soft_time_limit is not None and (
            self.task_soft_time_limit > self.task_time_limit
        ):
            raise ValueError(
                f"{ENV_PREFIX}TASK_SOFT_TIME_LIMIT must not exceed {ENV_PREFIX}TASK_TIME_LIMIT"
            )
        if self.sweep_time is not None and self.sweep_time >= self.soft_time_limit:
            raise ValueError(
                f"{ENV_PREFIX}SWEEP_TIME must be less than the soft time limit "
                f"({self.soft_time_limit:g}s), or a long sweep ends with nothing to show"
            )
        if self.visibility_timeout <= self.task_time_limit:
            raise ValueError(
                f"{ENV_PREFIX}VISIBILITY_TIMEOUT ({self.visibility_timeout:g}s) must exceed "
                f"{ENV_PREFIX}TASK_TIME_LIMIT ({self.task_time_limit:g}s), or a running task "
                "is handed to a second worker"
            )
        if len(self.weekly_sweep_cron.split()) != 5:
            raise ValueError(f"{ENV_PREFIX}WEEKLY_SWEEP_CRON must have five crontab fields")
        return self

    @property
    def soft_time_limit(self) -> float:
        return self.task_soft_time_limit or self.task_time_limit * 0.92

    @property
    def sweep_seconds(self) -> float:
        return self.sweep_time or self.soft_time_limit * 0.75

    @property
    def _margin(self) -> float:
        """Slack between the hard time limit and the visibility timeout, for clock and polling."""
        return min(60.0, (self.visibility_timeout - self.task_time_limit) / 2)

    @property
    def attempt_lease(self) -> float:
        """How long an attempt holds its job: no attempt outlives the hard time limit."""
        return self.task_time_limit + self._margin

    @property
    def max_countdown(self) -> float:
        """The longest retry countdown a broker message may carry. A message is handed to
        another worker once it stayed unacknowledged for the visibility timeout, and a retried
        message stays so for its countdown plus its run; anything longer is parked instead."""
        return max(1.0, self.visibility_timeout - self.task_time_limit - self._margin)

    @property
    def lost_after(self) -> float:
        """When a job that did not end must have lost its message: a dead worker's task is
        redelivered after the visibility timeout, so one not back by then never will be."""
        return self.visibility_timeout + 2 * self._margin + self.recovery_interval


def get_tuning() -> WorkerTuning:
    """Read the worker knobs from the environment now; raise `SettingsError` naming each one."""
    try:
        return WorkerTuning()
    except ValidationError as exc:
        raise SettingsError(describe(exc.errors(), {}, frozenset())) from None
