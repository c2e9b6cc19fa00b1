"""The deployment under test, started by the deploy launcher exactly as an operator would."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import httpx

from tests.support.ports import free_port, wait_for_port

ROOT = Path(__file__).resolve().parents[2]
LAUNCHER = ROOT / "deploy" / "launch.py"


def wait_until(predicate: Callable[[], Any], *, timeout: float, what: str) -> Any:
    """Poll until `predicate()` is truthy and return it, or fail naming `what`."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(0.1)


class Deployment:
    """`deploy/launch.py` running the web app, workers and beat, with its state and logs."""

    def __init__(
        self,
        env: Mapping[str, str],
        workdir: Path,
        *,
        workers: int = 1,
        concurrency: int = 2,
        beat: bool = True,
    ) -> None:
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("LORA_AUDIT_")}
        self.env.update(env)
        self.workdir = workdir
        self.workers = workers
        self.concurrency = concurrency
        self.beat = beat
        self.port = free_port()
        self.state_file = workdir / "state.json"
        self.log_dir = workdir / "logs"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                sys.executable,
                str(LAUNCHER),
                "--workers",
                str(self.workers),
                "--concurrency",
                str(self.concurrency),
                "--port",
                str(self.port),
                "--state-file",
                str(self.state_file),
                "--log-dir",
                str(self.log_dir),
                *([] if self.beat else ["--no-beat"]),
            ],
            env=self.env,
            cwd=ROOT,
        )
        wait_for_port(self.port, timeout=60)
        for name in self.worker_names():
            self.wait_ready(name, 1)

    def worker_names(self) -> list[str]:
        names = [f"worker-{index}" for index in range(1, self.workers + 1)]
        return [*names, "beat"] if self.beat else names

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def state(self) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.state_file.read_text())
        return data["services"]  # type: ignore[no-any-return]

    def log(self, name: str) -> str:
        path = self.log_dir / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def all_logs(self) -> str:
        logs = sorted(self.log_dir.glob("*.log"))
        return "\n".join(f"==> {p.name}\n{p.read_text(errors='replace')}" for p in logs)

    def wait_ready(self, name: str, times: int, timeout: float = 60) -> None:
        wait_until(
            lambda: self.log(name).count(" ready.") >= times,
            timeout=timeout,
            what=f"{name} to be ready ({times})",
        )

    def running(self, name: str, timeout: float = 60) -> int:
        """The pid of `name` once it runs and is ready. One that died (a worker may, when Redis
        goes away under it) has no pid until the launcher has started it again."""

        def ready_pid() -> int | None:
            entry = self.state()[name]
            ready = self.log(name).count(" ready.") > entry["restarts"]
            return entry["pid"] if entry["pid"] is not None and ready else None

        pid: int = wait_until(ready_pid, timeout=timeout, what=f"{name} to run again")
        return pid

    def kill(self, name: str) -> int:
        """SIGKILL a process and its children (a worker and its pool), as a crash would."""
        pid = self.running(name)
        os.killpg(pid, signal.SIGKILL)
        return pid

    def pause(self, name: str) -> int:
        """SIGSTOP a process and its children: alive, holding its connections, doing nothing."""
        pid = self.running(name)
        os.killpg(pid, signal.SIGSTOP)
        return pid

    def resume(self, pid: int) -> None:
        """SIGCONT the process group `pause` stopped."""
        os.killpg(pid, signal.SIGCONT)

    def readyz(self) -> int:
        try:
            return httpx.get(f"{self.url}/readyz", timeout=5).status_code
        except httpx.HTTPError:
            return 0
