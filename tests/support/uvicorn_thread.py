"""Serve an ASGI app under a real uvicorn on loopback, in a background thread of the tests."""

from __future__ import annotations

import threading
from typing import Any

import uvicorn

from tests.support.ports import free_port, wait_for_port


class UvicornThread:
    """`start()` returns once the port accepts connections; `stop()` shuts down gracefully."""

    def __init__(self, app: Any, *, port: int | None = None) -> None:
        self.port = port or free_port()
        config = uvicorn.Config(
            app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            access_log=False,
            ws="none",
            lifespan="on",
        )
        self.server = uvicorn.Server(config)
        self.thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.thread = threading.Thread(target=self.server.run, name=f"uvicorn:{self.port}")
        self.thread.daemon = True
        self.thread.start()
        wait_for_port(self.port)

    def stop(self) -> None:
        if self.thread is not None:
            self.server.should_exit = True
            self.thread.join(timeout=10)
            self.thread = None
