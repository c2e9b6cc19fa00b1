"""A slow GitHub on demand: hold matching stand-in requests, and tell the test one is held."""

from __future__ import annotations

import asyncio
import re
import threading
from dataclasses import dataclass, field
from typing import Any

from tests.standin import GitHubStandIn
from tests.support.uvicorn_thread import UvicornThread


@dataclass
class _Hold:
    method: str
    path: re.Pattern[str]
    seconds: float
    remaining: int
    skip: int = 0
    arrived: threading.Event = field(default_factory=threading.Event)


class Gate:
    """ASGI middleware in front of the stand-in: `hold()` delays the next matching requests."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self._holds: list[_Hold] = []
        self._lock = threading.Lock()

    def hold(
        self, method: str, path: str, *, seconds: float, times: int = 1, skip: int = 0
    ) -> threading.Event:
        """Delay the next `times` `method` requests whose path matches (after letting `skip` of
        them through); the event is set when the first held one arrives (the client is then
        waiting on GitHub). A held request is still served afterwards, as GitHub would."""
        rule = _Hold(method, re.compile(path), seconds, times, skip)
        with self._lock:
            self._holds.append(rule)
        return rule.arrived

    def _take(self, method: str, path: str) -> _Hold | None:
        with self._lock:
            for rule in self._holds:
                if rule.remaining > 0 and rule.method == method and rule.path.search(path):
                    if rule.skip > 0:
                        rule.skip -= 1
                        return None
                    rule.remaining -= 1
                    return rule
        return None

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            rule = self._take(scope["method"], scope["path"])
            if rule is not None:
                rule.arrived.set()
                await asyncio.sleep(rule.seconds)
        await self.app(scope, receive, send)


class GatedStandIn(GitHubStandIn):
    """The GitHub stand-in served behind a `Gate`."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = Gate(self._server.server.config.app)
        self._server = UvicornThread(self.gate)
