"""Log lines that always say which delivery, repository and commit they are about."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

CONTEXT_FIELDS = ("delivery_id", "repo", "sha")
LOG_FORMAT = (
    "%(asctime)s %(levelname)s %(processName)s %(name)s "
    "[delivery=%(delivery_id)s repo=%(repo)s sha=%(sha)s] %(message)s"
)


class ContextDefaults(logging.Filter):
    """Give records from libraries (Celery, kombu) the context fields, so the format never fails."""

    def filter(self, record: logging.LogRecord) -> bool:
        for field in CONTEXT_FIELDS:
            if not hasattr(record, field):
                setattr(record, field, "-")
        return True


def context(delivery_id: str | None, repo: str | None, sha: str | None) -> dict[str, str]:
    """The `extra=` for one log call: `log.info("...", extra=context(...))`."""
    return {"delivery_id": delivery_id or "-", "repo": repo or "-", "sha": sha or "-"}


class JobLogger(logging.LoggerAdapter[logging.Logger]):
    """A logger bound to one job's context; every call carries the three fields."""

    def __init__(self, logger: logging.Logger, fields: Mapping[str, str]) -> None:
        super().__init__(logger, dict(fields))

    def process(self, msg: Any, kwargs: Any) -> tuple[Any, Any]:
        kwargs["extra"] = {**dict(self.extra or {}), **kwargs.get("extra", {})}
        return msg, kwargs


def job_logger(
    name: str, *, delivery_id: str | None, repo: str | None, sha: str | None
) -> JobLogger:
    return JobLogger(logging.getLogger(name), context(delivery_id, repo, sha))


def install_log_format(root: logging.Logger | None = None) -> None:
    """Put the context-carrying format on every handler of `root` (Celery's included)."""
    root = root or logging.getLogger()
    formatter = logging.Formatter(LOG_FORMAT)
    for handler in root.handlers:
        handler.setFormatter(formatter)
        if not any(isinstance(item, ContextDefaults) for item in handler.filters):
            handler.addFilter(ContextDefaults())
