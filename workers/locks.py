"""A lock file per repository mirror, shared by every worker process on one host."""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_POLL_SECONDS = 0.05


class LockTimeout(Exception):
    """Another process held the lock for longer than we were willing to wait."""

    def __init__(self, path: Path, timeout: float) -> None:
        super().__init__(f"{path} stayed locked by another worker for {timeout:g}s")
        self.path = path
        self.timeout = timeout


@contextmanager
def file_lock(path: Path, *, timeout: float) -> Iterator[None]:
    """Hold an exclusive `flock` on `path` (created if missing) for the `with` block.

    `flock` locks belong to the open file, so the kernel drops them when the process dies:
    a worker killed mid-fetch never leaves a stale lock behind.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise LockTimeout(path, timeout) from None
                time.sleep(_POLL_SECONDS)
        try:
            yield
        finally:
            fcntl.flock(descriptor, fcntl.LOCK_UN)
    finally:
        os.close(descriptor)
