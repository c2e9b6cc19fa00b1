#!/usr/bin/env python3
"""Run the whole service on one machine (web, N workers, beat) as compose would, and supervise it.

    python deploy/launch.py --workers 2 --port 8000 --state-file run/state.json

Each process is the same command the container image runs (`lora-audit serve`, `lora-audit
worker`, `lora-audit worker --beat`) with the environment passed through, in its own process
group. A process that dies is started again (like compose's `restart: unless-stopped`); SIGTERM
or SIGINT stops them all. The state file lists every process's pid and restart count, so an
operator (or a test) can find and signal one; a process waiting to be started again has no pid.
Only the standard library is used here.

Before anything starts, Redis must keep an append-only file (`appendonly yes`): it holds the
queue, so a Redis that persists nothing loses every accepted delivery and queued audit when it
restarts. A Redis without one stops the launch (exit 2) unless `--allow-volatile-redis` is given.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import IO, Any
from urllib.parse import unquote, urlsplit

POLL_SECONDS = 0.2
RESTART_DELAY_SECONDS = 1.0
MAX_RESTART_DELAY_SECONDS = 30.0
STABLE_SECONDS = 10.0  # a process that ran this long gets the short restart delay again
STOP_GRACE_SECONDS = 10.0
CONFIG_ERROR = 2  # `lora-audit` exits 2 on a usage or configuration error: restarting won't help
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
REDIS_WAIT_SECONDS = 15.0


class RedisUnreachable(Exception):
    pass


def _resp(*parts: str) -> bytes:
    out = [f"*{len(parts)}\r\n".encode()]
    for part in parts:
        data = part.encode()
        out.append(b"$%d\r\n%s\r\n" % (len(data), data))
    return b"".join(out)


def _reply(stream: IO[bytes]) -> str:
    """One RESP reply as text (a bulk string, a simple string, or an error)."""
    line = stream.readline()
    if not line:
        raise RedisUnreachable("the connection closed")
    kind, rest = line[:1], line[1:].strip()
    if kind == b"-":
        raise RedisUnreachable(rest.decode(errors="replace"))
    if kind == b"$":
        length = int(rest)
        return "" if length < 0 else stream.read(length + 2)[:-2].decode(errors="replace")
    return rest.decode(errors="replace")


def redis_persistence(url: str, timeout: float = 3.0) -> dict[str, str]:
    """`INFO persistence` of the Redis at `url` (redis://, rediss:// or unix://), as a dict."""
    parts = urlsplit(url)
    try:
        if parts.scheme == "unix":
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.settimeout(timeout)
            sock.connect(parts.path)
        else:
            sock = socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 6379),
                                            timeout=timeout)  # fmt: skip
            if parts.scheme == "rediss":
                sock = ssl.create_default_context().wrap_socket(
                    sock, server_hostname=parts.hostname
                )
    except OSError as exc:
        raise RedisUnreachable(str(exc)) from exc
    with sock, sock.makefile("rb") as stream:
        try:
            if parts.password is not None:
                user = unquote(parts.username) if parts.username else "default"
                sock.sendall(_resp("AUTH", user, unquote(parts.password)))
                _reply(stream)
            sock.sendall(_resp("INFO", "persistence"))
            text = _reply(stream)
        except OSError as exc:
            raise RedisUnreachable(str(exc)) from exc
    fields = (line.split(":", 1) for line in text.splitlines() if ":" in line)
    return {key: value.strip() for key, value in fields}


def check_redis(url: str, *, wait: float = REDIS_WAIT_SECONDS) -> str | None:
    """Why this Redis must not be used (it keeps no append-only file), or None.

    A Redis that cannot be reached within `wait` seconds is not an error here: the processes
    start and answer 503 until it is up; the warning says persistence was not checked.
    """
    deadline = time.monotonic() + wait
    while True:
        try:
            info = redis_persistence(url)
            break
        except RedisUnreachable as exc:
            if time.monotonic() >= deadline:
                print(f"launch: cannot reach Redis to check its persistence: {exc}",
                      file=sys.stderr, flush=True)  # fmt: skip
                return None
            time.sleep(0.5)
    if info.get("aof_enabled") == "1":
        return None
    return (
        "Redis keeps no append-only file (appendonly no): every accepted delivery and queued "
        "audit is lost when it restarts. Start it with `--appendonly yes` (deploy/compose.yaml "
        "does), or pass --allow-volatile-redis to run anyway."
    )


@dataclass
class Service:
    """One supervised process: its command, and what happened to it so far."""

    name: str
    argv: list[str]
    log_path: Path | None
    process: subprocess.Popen[bytes] | None = None
    restarts: int = 0
    exits: list[int] = field(default_factory=list)
    started_at: float = 0.0
    restart_at: float | None = None  # set while it waits to be started again
    delay: float = RESTART_DELAY_SECONDS
    _log: IO[bytes] | None = None

    def start(self) -> None:
        self.started_at = time.monotonic()
        self.restart_at = None
        if self.log_path is not None and self._log is None:
            self._log = self.log_path.open("ab")
        self.process = subprocess.Popen(
            self.argv,
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT if self._log is not None else None,
            start_new_session=True,  # its own group: a signal reaches its children too
        )

    def signal_group(self, signum: int) -> None:
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signum)

    def close(self) -> None:
        if self._log is not None:
            self._log.close()
            self._log = None

    def describe(self) -> dict[str, Any]:
        # No pid while it waits to start again: that process is gone and its pid may be reused,
        # so whoever reads the state must not signal it.
        pid = self.process.pid if self.process is not None and self.restart_at is None else None
        return {"pid": pid, "restarts": self.restarts, "exits": self.exits, "argv": self.argv}


def lora_audit(*args: str) -> list[str]:
    """The console script, run by this interpreter so a virtual environment carries over."""
    return [sys.executable, "-m", "lora_audit", *args]


def plan(options: argparse.Namespace) -> list[Service]:
    log_dir: Path | None = options.log_dir
    if log_dir is not None:
        log_dir.mkdir(parents=True, exist_ok=True)

    def log(name: str) -> Path | None:
        return log_dir / f"{name}.log" if log_dir is not None else None

    services: list[Service] = []
    if options.web:
        argv = lora_audit("serve", "--host", options.host, "--port", str(options.port))
        services.append(Service("web", argv, log("web")))
    worker_options = ["--loglevel", options.loglevel]
    if options.concurrency is not None:
        worker_options += ["--concurrency", str(options.concurrency)]
    for index in range(1, options.workers + 1):
        name = f"worker-{index}"
        argv = lora_audit("worker", "--hostname", f"{name}@%h", *worker_options)
        services.append(Service(name, argv, log(name)))
    if options.beat:
        # The scheduler must run exactly once across the deployment; its worker takes one task
        # at a time so it stays responsive.
        argv = lora_audit(
            "worker", "--beat", "--hostname", "beat@%h", "--concurrency", "1", "--loglevel",
            options.loglevel,
        )  # fmt: skip
        services.append(Service("beat", argv, log("beat")))
    return services


class Supervisor:
    def __init__(self, services: Sequence[Service], state_file: Path | None, restart: bool):
        self.services = list(services)
        self.state_file = state_file
        self.restart = restart
        self.stopping = False
        self.exit_code = 0

    def write_state(self) -> None:
        if self.state_file is None:
            return
        state = {
            "launcher_pid": os.getpid(),
            "services": {service.name: service.describe() for service in self.services},
        }
        self.state_file.parent.mkdir(parents=True, exist_ok=True)
        partial = self.state_file.with_suffix(".tmp")
        partial.write_text(json.dumps(state, indent=2))
        partial.replace(self.state_file)  # readers never see half a file

    def request_stop(self, signum: int, frame: FrameType | None) -> None:
        self.stopping = True

    def run(self) -> int:
        for service in self.services:
            service.start()
        self.write_state()
        while not self.stopping:
            time.sleep(POLL_SECONDS)
            for service in self.services:
                self._check(service)
        return self.stop_all()

    def _check(self, service: Service) -> None:
        assert service.process is not None
        now = time.monotonic()
        if service.restart_at is not None:
            if now >= service.restart_at and not self.stopping:
                service.restarts += 1
                service.start()
                self.write_state()
            return
        code = service.process.poll()
        if code is None or self.stopping:
            return
        service.exits.append(code)
        print(f"launch: {service.name} exited with {code}", file=sys.stderr, flush=True)
        # Kill what is left of its group (a killed worker's pool children).
        with contextlib.suppress(ProcessLookupError):
            os.killpg(service.process.pid, signal.SIGKILL)
        if code == CONFIG_ERROR:
            print(f"launch: {service.name} cannot start; fix its settings", file=sys.stderr)
            self.exit_code = CONFIG_ERROR
            self.stopping = True
        elif not self.restart:
            self.exit_code = 1
            self.stopping = True
        else:
            # Back off while it keeps crashing at start-up, so a broken host is not a busy loop.
            stable = now - service.started_at >= STABLE_SECONDS
            service.delay = (
                RESTART_DELAY_SECONDS
                if stable
                else min(MAX_RESTART_DELAY_SECONDS, service.delay * 2)
            )
            service.restart_at = now + (RESTART_DELAY_SECONDS if stable else service.delay)
            self.write_state()

    def stop_all(self) -> int:
        for service in self.services:
            service.signal_group(signal.SIGTERM)
        deadline = time.monotonic() + STOP_GRACE_SECONDS
        for service in self.services:
            assert service.process is not None
            try:
                service.process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                service.signal_group(signal.SIGKILL)
                service.process.wait()
            with contextlib.suppress(ProcessLookupError):
                os.killpg(service.process.pid, signal.SIGKILL)
            service.close()
        self.write_state()
        return self.exit_code


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1] if __doc__ else None)
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default: 1)")
    parser.add_argument("--concurrency", type=int, default=None, help="pool size per worker")
    parser.add_argument("--no-web", dest="web", action="store_false", help="no web app")
    parser.add_argument("--no-beat", dest="beat", action="store_false", help="no scheduler")
    parser.add_argument("--host", default="127.0.0.1", help="web bind address")
    parser.add_argument("--port", type=int, default=8000, help="web port (default: 8000)")
    parser.add_argument("--state-file", type=Path, default=None, help="JSON with each pid")
    parser.add_argument("--log-dir", type=Path, default=None, help="one log file per process")
    parser.add_argument("--loglevel", default="INFO", help="worker log level")
    parser.add_argument(
        "--allow-volatile-redis",
        action="store_true",
        help="start even if Redis keeps no append-only file (deliveries are lost on its restart)",
    )
    parser.add_argument(
        "--no-restart",
        dest="restart",
        action="store_false",
        help="stop everything when one process exits instead of restarting it",
    )
    options = parser.parse_args(argv)
    if options.workers < 0:
        parser.error("--workers must not be negative")
    return options


def main(argv: Sequence[str] | None = None) -> int:
    options = parse(argv)
    if not options.allow_volatile_redis:
        problem = check_redis(os.environ.get("LORA_AUDIT_REDIS_URL") or DEFAULT_REDIS_URL)
        if problem is not None:
            print(f"launch: {problem}", file=sys.stderr, flush=True)
            return CONFIG_ERROR
    supervisor = Supervisor(plan(options), options.state_file, options.restart)
    signal.signal(signal.SIGTERM, supervisor.request_stop)
    signal.signal(signal.SIGINT, supervisor.request_stop)
    return supervisor.run()


if __name__ == "__main__":
    raise SystemExit(main())
