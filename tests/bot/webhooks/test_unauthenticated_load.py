"""Before a delivery is authenticated it costs bounded memory and time: a real `lora-audit serve`
process, 40 connections that each push 8 MiB of a declared 25 MiB body and then stall."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass

import httpx
import pytest

from tests.bot.webhooks.conftest import PULL_EVENT, load_event
from tests.standin.hooks import delivery_headers
from tests.standin.keys import app_key_pair
from tests.support.ports import free_port, wait_for_port

SECRET = "load-secret"
BODY_TIMEOUT = 3.0
ATTACKERS = 40
SENT_EACH = 8 * 1024 * 1024
MiB = 1024 * 1024


@dataclass
class Served:
    process: subprocess.Popen[bytes]
    port: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def memory(self, field: str) -> int:
        """VmRSS (now) or VmHWM (peak) of the web process, in bytes."""
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) * 1024
        raise AssertionError(f"no {field} in /proc/{self.process.pid}/status")


@pytest.fixture
def served(redis_url: str) -> Iterator[Served]:
    env = {name: value for name, value in os.environ.items() if not name.startswith("LORA_AUDIT_")}
    env |= {
        "LORA_AUDIT_APP_ID": "4242",
        "LORA_AUDIT_PRIVATE_KEY": app_key_pair().private_pem,
        "LORA_AUDIT_WEBHOOK_SECRET": SECRET,
        "LORA_AUDIT_REDIS_URL": redis_url,
        "LORA_AUDIT_WEBHOOK_BODY_TIMEOUT": str(BODY_TIMEOUT),
    }
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "lora_audit", "serve", "--host", "127.0.0.1", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(port)
        yield Served(process, port)
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _stalled_body(port: int) -> tuple[socket.socket, float]:
    """A delivery that declares 25 MiB, sends 8 MiB of it at once, then never sends the rest."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    head = (
        "POST /webhooks HTTP/1.1\r\nHost: x\r\nX-GitHub-Event: push\r\n"
        "X-GitHub-Delivery: slow\r\nContent-Type: application/json\r\n"
        f"X-Hub-Signature-256: sha256={'0' * 64}\r\nContent-Length: {25 * MiB}\r\n\r\n"
    )
    sock.sendall(head.encode())
    sock.setblocking(False)
    chunk = b" " * (256 * 1024)
    sent = 0
    deadline = time.monotonic() + 10
    while sent < SENT_EACH and time.monotonic() < deadline:
        try:
            sent += sock.send(chunk)
        except BlockingIOError:
            time.sleep(0.005)  # the server stopped reading (refused): keep what it took
        except OSError:
            break  # the server answered and closed
    sock.setblocking(True)
    return sock, time.monotonic()


def _status(sock: socket.socket, timeout: float) -> int | None:
    """The status code the server answered with, or None if it said nothing in time."""
    sock.settimeout(timeout)
    try:
        line = sock.recv(4096).split(b"\r\n", 1)[0]
    except (TimeoutError, ConnectionError):
        return None
    finally:
        sock.close()
    return int(line.split()[1]) if line.startswith(b"HTTP/1.1 ") else None


def test_slow_unauthenticated_bodies_cost_bounded_memory_and_are_dropped(served: Served) -> None:
    body = json.dumps({"zen": "Approachable is better than simple."}).encode()
    ping = httpx.post(
        f"{served.url}/webhooks", content=body, headers=delivery_headers("ping", body, SECRET)
    )
    assert ping.status_code == 200
    baseline = served.memory("VmRSS")

    attackers = [_stalled_body(served.port) for _ in range(ATTACKERS)]
    time.sleep(0.5)
    peak = served.memory("VmHWM") - baseline
    # Each must be answered within the read deadline (and some slack) of its last byte.
    statuses = [
        _status(sock, max(0.1, BODY_TIMEOUT + 5 - (time.monotonic() - stalled_at)))
        for sock, stalled_at in attackers
    ]

    # Each of them is refused: over the byte budget (503) at once, or too slow (408) at the
    # deadline. None is left hanging, and the process never held their 320 MiB.
    print(f"{ATTACKERS} stalled bodies: the web process grew by {peak / MiB:.0f} MiB at peak")
    assert peak < 120 * MiB, f"the web process grew by {peak / MiB:.0f} MiB"
    assert set(statuses) <= {408, 503}, statuses

    payload = load_event(PULL_EVENT)
    raw = json.dumps(payload).encode()
    after = httpx.post(
        f"{served.url}/webhooks", content=raw, headers=delivery_headers("star", raw, SECRET)
    )
    assert after.status_code == 202
