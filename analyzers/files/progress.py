"""Progress of long audits, told to whoever listens (the CLI draws it on a terminal).

The analyzer never prints: it calls `advance(stage, done, total)` at each step that can take a
while (a driver analysed, a commit of a history walked), and a listener that the front door
installs with `listening()` decides whether and how to show it. Without a listener a call costs
one empty-list check.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

Listener = Callable[[str, int, int], None]  # (what is being done, steps done, steps in all)
_LISTENERS: list[Listener] = []


def advance(stage: str, done: int, total: int) -> None:
    for listener in _LISTENERS:
        listener(stage, done, total)


@contextmanager
def listening(listener: Listener) -> Iterator[None]:
    _LISTENERS.append(listener)
    try:
        yield
    finally:
        _LISTENERS.remove(listener)
