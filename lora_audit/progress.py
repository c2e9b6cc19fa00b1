"""Progress and Ctrl-C for the command line: a status line on a terminal, nothing elsewhere.

The line appears only after `DELAY_ENV` seconds (default 2: short scans print nothing), only when
standard error is a terminal and the report is not JSON, is redrawn at most ten times a second,
and is wiped before anything else is written. Written with plain ANSI (no `rich`): start-up time
of `scan` is benchmarked.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

DELAY_ENV = "LORA_AUDIT_PROGRESS_DELAY"  # seconds before the line appears (tests set 0)
_REDRAW = 0.1


class StatusLine:
    """The latest step of each stage (outer stages first), drawn on one terminal line."""

    def __init__(self, stream: TextIO, delay: float) -> None:
        self.stream = stream
        self.start = time.monotonic()
        self.delay = delay
        self.stages: dict[str, tuple[int, int]] = {}
        self.drawn = 0.0
        self.visible = False

    def __call__(self, stage: str, done: int, total: int) -> None:
        self.stages[stage] = (done, total)
        # An outer stage moving on makes the inner ones stale (a new commit's drivers).
        names = list(self.stages)
        for inner in names[names.index(stage) + 1 :]:
            del self.stages[inner]
        now = time.monotonic()
        if now - self.start < self.delay or now - self.drawn < _REDRAW:
            return
        self.drawn = now
        text = " · ".join(f"{name} {d:,}/{t:,}" for name, (d, t) in self.stages.items())
        elapsed = int(now - self.start)
        self.stream.write(f"\r\x1b[2Klora-audit: {text} ({elapsed} s)")
        self.stream.flush()
        self.visible = True

    def clear(self) -> None:
        if self.visible:
            self.stream.write("\r\x1b[2K")
            self.stream.flush()
            self.visible = False


def _delay() -> float:
    try:
        return max(0.0, float(os.environ.get(DELAY_ENV, "2")))
    except ValueError:
        return 2.0


@contextmanager
def shown(enabled: bool) -> Iterator[None]:
    """Show progress on standard error while the block runs, when `enabled` and it is a TTY."""
    if not enabled or not sys.stderr.isatty():
        yield
        return
    from analyzers.files.progress import listening

    line = StatusLine(sys.stderr, _delay())
    try:
        with listening(line):
            yield
    finally:
        line.clear()
