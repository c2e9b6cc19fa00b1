"""Log lines carry delivery, repository and commit; library lines get placeholders, not errors."""

from __future__ import annotations

import io
import logging

from workers.logs import install_log_format, job_logger


def test_job_lines_carry_their_context_and_other_lines_placeholders() -> None:
    stream = io.StringIO()
    root = logging.Logger("test-root")
    root.addHandler(logging.StreamHandler(stream))
    install_log_format(root)

    job = job_logger("x", delivery_id="d-1", repo="octo/demo", sha="abc123")
    job.logger = root
    job.info("auditing")
    root.warning("from celery")

    first, second = stream.getvalue().splitlines()
    assert "[delivery=d-1 repo=octo/demo sha=abc123] auditing" in first
    assert "[delivery=- repo=- sha=-] from celery" in second


def test_an_explicit_extra_overrides_one_field() -> None:
    stream = io.StringIO()
    root = logging.Logger("test-root-2")
    root.addHandler(logging.StreamHandler(stream))
    install_log_format(root)
    job = job_logger("x", delivery_id=None, repo="octo/demo", sha=None)
    job.logger = root
    job.info("redelivered", extra={"delivery_id": "guid-9"})
    assert "[delivery=guid-9 repo=octo/demo sha=-] redelivered" in stream.getvalue()
