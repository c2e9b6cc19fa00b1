"""The jobs the web app enqueues and the workers run: Celery task names and their keyword arguments.

This module is the contract between `bot` (which enqueues by name, never importing `workers`) and
`workers` (which registers a task under each name). Only ids, names and shas cross the queue.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

TASK_PREFIX = "lora_audit."
# Webhook-driven audits must not wait behind repository-wide sweeps, so they get their own queue.
AUDIT_QUEUE = "lora-audit"
SWEEP_QUEUE = "lora-audit-sweeps"


class Job(BaseModel):
    """Base of every job: `TASK_NAME` is the Celery task name, the fields its kwargs."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    TASK_NAME: ClassVar[str]
    QUEUE: ClassVar[str] = AUDIT_QUEUE

    delivery_id: str | None = None  # X-GitHub-Delivery, or None for scheduled jobs
    installation_id: int
    repo: str = Field(pattern=r"^[^/\s]+/[^/\s]+$")  # "owner/name"

    def task_id(self) -> str:
        """A stable Celery task id, so a redelivered webhook cannot enqueue the same work twice."""
        return f"{self.TASK_NAME}:{self.delivery_id or 'scheduled'}:{self.repo}"


class PullRequestAudit(Job):
    """`pull_request` opened/synchronize/reopened, `check_suite` (re)requested, `check_run`
    rerequested: audit head against base and post the `LoRA cache audit` check run."""

    TASK_NAME: ClassVar[str] = TASK_PREFIX + "audit_pull_request"

    head_sha: str
    head_branch: str | None = None
    pull_number: int | None = None  # None for a check_suite whose PR is not known yet
    base_sha: str | None = None
    base_ref: str | None = None
    trigger: str  # "pull_request.opened", "check_suite.requested", "check_run.rerequested", ...


class PushAudit(Job):
    """`push` to the default branch: badge state, fix-commit ancestry, follow-up issues."""

    TASK_NAME: ClassVar[str] = TASK_PREFIX + "audit_push"

    ref: str  # "refs/heads/main"
    before: str
    after: str
    default_branch: str


class CommentCommand(Job):
    """An `issue_comment` whose body starts with `/audit`."""

    TASK_NAME: ClassVar[str] = TASK_PREFIX + "comment_command"

    issue_number: int
    is_pull_request: bool
    comment_id: int
    author: str
    command: str  # the first line of the comment, e.g. "/audit"


class RepositorySweep(Job):
    """A full sweep of one repository (HEAD, history, branch tips) into its sweep issue."""

    TASK_NAME: ClassVar[str] = TASK_PREFIX + "sweep_repository"
    QUEUE: ClassVar[str] = SWEEP_QUEUE

    reason: Literal["installation", "weekly", "comment", "publicized"] = "weekly"
    issue_number: int | None = None  # set when a `/audit` comment on an issue asked for it


class ForgetRepository(Job):
    """The App lost access to a repository, or it stopped being public: drop its badge state,
    so the badge answers "unknown" like any repository never audited."""

    TASK_NAME: ClassVar[str] = TASK_PREFIX + "forget_repository"

    reason: Literal["uninstalled", "removed", "privatized", "deleted", "renamed"]


# Scheduled by Celery beat; they take no arguments.
WEEKLY_SWEEP_TASK = TASK_PREFIX + "weekly_sweep"
RECOVER_DELIVERIES_TASK = TASK_PREFIX + "recover_failed_deliveries"

JOB_TYPES: tuple[type[Job], ...] = (
    PullRequestAudit,
    PushAudit,
    CommentCommand,
    RepositorySweep,
    ForgetRepository,
)
