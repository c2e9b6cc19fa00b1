"""Webhook acknowledgement latency under load, against `GET /healthz` measured in the same run.

Starts a private redis-server and `lora-audit serve` (uvicorn) on loopback, then a separate load
process sends signed `pull_request` deliveries open-loop at a fixed rate (each request leaves at its
scheduled time whether or not earlier ones were answered; latency counts from that time). It prints
p50/p99/max for the reference (`/healthz` at the same rate) and for `/webhooks`, their ratios, and
whether every 202 reached the Celery queue in Redis.

    uv run --frozen python bench/webhooks.py [--rate 200] [--duration 30] [--reference 10]
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import hmac
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PAYLOAD = ROOT / "tests" / "fixtures" / "github" / "pull_request" / "opened.payload.json"
SECRET = "bench-secret"
QUEUE = "lora-audit"  # bot.jobs.AUDIT_QUEUE
TARGET_P99_MS = 50.0


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _wait_for(port: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"nothing listens on port {port} after {timeout}s")


# -- the load process ---------------------------------------------------------------------------
# A lean HTTP/1.1 client on raw asyncio streams, so the load generator costs far less CPU than the
# server it measures (an httpx client would be the bottleneck on a small machine).
CONNECTIONS = 64


def _request(kind: str, host: str, body: bytes, signature: str) -> bytes:
    if kind == "healthz":
        return f"GET /healthz HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()
    head = (
        f"POST /webhooks HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
        f"X-GitHub-Event: pull_request\r\nX-GitHub-Delivery: {uuid.uuid4()}\r\n"
        f"X-Hub-Signature-256: {signature}\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    return head.encode() + body


async def _exchange(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, request: bytes
) -> int:
    writer.write(request)
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    await reader.readexactly(length)
    return status


async def _load(url: str, kind: str, rate: float, duration: float) -> dict[str, Any]:
    host = url.removeprefix("http://")
    address, port = host.rsplit(":", 1)
    body = PAYLOAD.read_bytes()
    signature = "sha256=" + hmac.new(SECRET.encode(), body, hashlib.sha256).hexdigest()
    total = int(rate * duration)
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    due: asyncio.Queue[float | None] = asyncio.Queue()

    async def connection() -> None:
        reader, writer = await asyncio.open_connection(address, int(port))
        while (scheduled := await due.get()) is not None:
            status = await _exchange(reader, writer, _request(kind, host, body, signature))
            latencies.append(time.perf_counter() - scheduled)
            statuses[status] = statuses.get(status, 0) + 1
        writer.close()

    workers = [asyncio.create_task(connection()) for _ in range(CONNECTIONS)]
    await asyncio.sleep(0.5)  # connections open before the clock starts
    start = time.perf_counter()
    for index in range(total):
        scheduled = start + index / rate
        delay = scheduled - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        due.put_nowait(scheduled)  # open loop: due now, whether or not others are answered
    for _ in workers:
        due.put_nowait(None)
    await asyncio.gather(*workers)
    lag = time.perf_counter() - (start + total / rate)
    return {"latencies": latencies, "statuses": statuses, "finish_lag": lag}


def _percentiles(latencies: list[float]) -> dict[str, float]:
    ms = sorted(value * 1000 for value in latencies)
    cuts = statistics.quantiles(ms, n=100, method="inclusive")
    return {"p50": cuts[49], "p99": cuts[98], "max": ms[-1], "mean": statistics.fmean(ms)}


def _run_load(url: str, kind: str, rate: float, duration: float) -> dict[str, Any]:
    """Run the load generator as a separate process and read its JSON result."""
    command = [sys.executable, __file__, "--load", kind, url, str(rate), str(duration)]
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    data: dict[str, Any] = json.loads(result.stdout)
    return data


# -- the orchestrator ---------------------------------------------------------------------------
def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=200.0, help="deliveries per second")
    parser.add_argument("--duration", type=float, default=30.0, help="seconds of webhook load")
    parser.add_argument("--reference", type=float, default=10.0, help="seconds of /healthz load")
    args = parser.parse_args()

    import redis

    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("redis-server is not installed")
    workdir = Path(tempfile.mkdtemp(prefix="lora-audit-bench-"))
    redis_port, web_port = _free_port(), _free_port()
    redis_url = f"redis://127.0.0.1:{redis_port}/0"
    redis_args = ["--port", str(redis_port), "--bind", "127.0.0.1", "--save", ""]
    redis_args += ["--appendonly", "no", "--dir", str(workdir), "--logfile", str(workdir / "log")]
    redis_proc = subprocess.Popen([binary, *redis_args])
    env = {name: value for name, value in os.environ.items() if not name.startswith("LORA_AUDIT_")}
    env |= {
        "LORA_AUDIT_APP_ID": "1",
        "LORA_AUDIT_PRIVATE_KEY": "unused by the web app",
        "LORA_AUDIT_WEBHOOK_SECRET": SECRET,
        "LORA_AUDIT_REDIS_URL": redis_url,
    }
    web_proc = subprocess.Popen(
        [sys.executable, "-m", "lora_audit", "serve", "--port", str(web_port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=open(workdir / "web.log", "w"),  # noqa: SIM115 - closed with the process
    )
    try:
        _wait_for(redis_port)
        _wait_for(web_port)
        url = f"http://127.0.0.1:{web_port}"
        _run_load(url, "healthz", args.rate, 2)  # warm up both sides
        warm = _run_load(url, "webhooks", args.rate, 2)
        reference = _run_load(url, "healthz", args.rate, args.reference)
        client = redis.Redis.from_url(redis_url)
        client.delete(QUEUE)  # count only the measured deliveries
        hooks = _run_load(url, "webhooks", args.rate, args.duration)
        queued = client.llen(QUEUE)
    finally:
        web_proc.terminate()
        web_proc.wait(timeout=20)
        redis_proc.terminate()
        redis_proc.wait(timeout=20)
        shutil.rmtree(workdir, ignore_errors=True)

    ref, hook = _percentiles(reference["latencies"]), _percentiles(hooks["latencies"])
    accepted = hooks["statuses"].get("202", 0)
    print(
        f"load: {args.rate:.0f}/s open loop; reference {args.reference:.0f} s, webhooks "
        f"{args.duration:.0f} s; load process finished {hooks['finish_lag'] * 1000:.0f} ms late"
    )
    print(f"{'':10} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'mean ms':>8}")
    for name, row in (("/healthz", ref), ("/webhooks", hook)):
        print(f"{name:10} {row['p50']:8.2f} {row['p99']:8.2f} {row['max']:8.2f} {row['mean']:8.2f}")
    print(
        f"ratio webhooks/healthz: p50 {hook['p50'] / ref['p50']:.2f}x, "
        f"p99 {hook['p99'] / ref['p99']:.2f}x"
    )
    print(f"statuses: {hooks['statuses']}; jobs in the '{QUEUE}' queue: {queued}")
    first = _percentiles(warm["latencies"])
    print(
        f"warm-up, first {len(warm['latencies'])} deliveries after start (not in the figures): "
        f"p50 {first['p50']:.2f} ms, p99 {first['p99']:.2f} ms, max {first['max']:.2f} ms"
    )
    lost = accepted - queued
    print(f"deliveries lost: {lost} ({accepted} acknowledged with 202, {queued} queued)")
    verdict = "meets" if hook["p99"] < TARGET_P99_MS else "MISSES"
    print(f"p99 {hook['p99']:.2f} ms {verdict} the {TARGET_P99_MS:.0f} ms target")
    return 0 if lost == 0 else 1


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--load":
        kind, url, rate, duration = sys.argv[2], sys.argv[3], float(sys.argv[4]), float(sys.argv[5])
        print(json.dumps(asyncio.run(_load(url, kind, rate, duration))))
        raise SystemExit(0)
    raise SystemExit(main())
