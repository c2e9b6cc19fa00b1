"""The local launcher starts the deployment's processes, restarts a killed one, stops them all."""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import redis

from tests.deploy.conftest import LAUNCHER, ROOT, launcher_environment
from tests.support.redis_server import RedisServer


def _load_launcher() -> Any:
    spec = importlib.util.spec_from_file_location("deploy_launch", LAUNCHER)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


launch = _load_launcher()


def _state(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def _wait_for(predicate: Any, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.slow
def test_a_killed_worker_is_restarted_and_sigterm_stops_everything(
    launched: tuple[subprocess.Popen[bytes], Path],
) -> None:
    launcher, tmp_path = launched
    state_file, log = tmp_path / "state.json", tmp_path / "logs" / "worker-1.log"
    _wait_for(state_file.exists, 20, "the state file")
    assert set(_state(state_file)["services"]) == {"worker-1", "beat"}
    _wait_for(lambda: log.exists() and log.read_text().count(" ready.") == 1, 60, "worker ready")
    first = _state(state_file)["services"]["worker-1"]["pid"]

    os.killpg(first, signal.SIGKILL)  # the worker and its pool, as a crashed host would lose them
    _wait_for(lambda: _state(state_file)["services"]["worker-1"]["restarts"] == 1, 20, "restart")
    second = _state(state_file)["services"]["worker-1"]
    assert second["pid"] != first
    assert second["exits"] == [-signal.SIGKILL]
    _wait_for(lambda: log.read_text().count(" ready.") == 2, 60, "the restarted worker ready")

    pids = [entry["pid"] for entry in _state(state_file)["services"].values()]
    launcher.send_signal(signal.SIGTERM)
    assert launcher.wait(timeout=30) == 0
    _wait_for(lambda: not any(_alive(pid) for pid in pids), 10, "every process to exit")
    assert "beat: Starting" in (tmp_path / "logs" / "beat.log").read_text()


def test_a_process_waiting_to_be_restarted_has_no_pid_in_the_state(tmp_path: Path) -> None:
    """Its pid is gone and may be reused: a reader of the state must find nothing to signal."""
    state_file = tmp_path / "state.json"
    argv = [sys.executable, "-c", "import sys; sys.exit(3)"]
    service = launch.Service("worker-1", argv, None)
    supervisor = launch.Supervisor([service], state_file, restart=True)
    service.start()
    supervisor.write_state()
    first = service.process.pid
    assert _state(state_file)["services"]["worker-1"]["pid"] == first

    service.process.wait(timeout=30)
    supervisor._check(service)  # sees the exit and schedules the restart
    waiting = _state(state_file)["services"]["worker-1"]
    assert (waiting["pid"], waiting["exits"], waiting["restarts"]) == (None, [3], 0)

    _wait_for(lambda: supervisor._check(service) or service.restarts == 1, 10, "the restart")
    restarted = _state(state_file)["services"]["worker-1"]
    assert restarted["pid"] == service.process.pid != first
    service.process.wait(timeout=30)


def test_worker_without_settings_is_a_one_line_error(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if not key.startswith("LORA_AUDIT_")}
    result = subprocess.run(
        [sys.executable, "-m", "lora_audit", "worker"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "LORA_AUDIT_APP_ID is missing" in result.stderr
    assert "LORA_AUDIT_WEBHOOK_SECRET is missing" in result.stderr


def test_worker_rejects_a_visibility_timeout_shorter_than_a_task(
    redis_url: str, tmp_path: Path
) -> None:
    env = launcher_environment(redis_url, tmp_path)
    env.update(LORA_AUDIT_VISIBILITY_TIMEOUT="60", LORA_AUDIT_TASK_TIME_LIMIT="120")
    result = subprocess.run(
        [sys.executable, "-m", "lora_audit", "worker"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert "LORA_AUDIT_VISIBILITY_TIMEOUT (60s) must exceed LORA_AUDIT_TASK_TIME_LIMIT" in (
        result.stderr
    )


def test_a_process_with_broken_settings_stops_the_launcher_instead_of_looping(
    tmp_path: Path,
) -> None:
    env = {key: value for key, value in os.environ.items() if not key.startswith("LORA_AUDIT_")}
    result = subprocess.run(
        # No Redis is configured either; whether one persists is not what this is about.
        [
            sys.executable,
            str(LAUNCHER),
            "--no-web",
            "--no-beat",
            "--workers",
            "1",
            "--allow-volatile-redis",
        ],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert "LORA_AUDIT_APP_ID is missing" in result.stderr
    assert "launch: worker-1 cannot start; fix its settings" in result.stderr


def test_a_redis_without_an_append_only_file_stops_the_launch(tmp_path: Path) -> None:
    volatile = RedisServer(tmp_path / "volatile", persistent=False)
    volatile.start()
    try:
        env = launcher_environment(volatile.url, tmp_path)
        command = [sys.executable, str(LAUNCHER), "--no-web", "--no-beat", "--workers", "1"]
        result = subprocess.run(
            command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
        )
        assert result.returncode == 2
        assert "Redis keeps no append-only file" in result.stderr
        assert "--appendonly yes" in result.stderr
        assert not (tmp_path / "logs").exists()  # nothing was started
    finally:
        volatile.stop()


def test_the_persistence_check_reads_a_password_protected_redis(tmp_path: Path) -> None:
    """`INFO persistence` through AUTH, as a managed Redis needs."""
    server = RedisServer(tmp_path / "auth")
    server.start()
    try:
        with redis.Redis.from_url(server.url) as client:
            client.config_set("requirepass", "s3cret")
        url = f"redis://:s3cret@127.0.0.1:{server.port}/0"
        assert launch.redis_persistence(url)["aof_enabled"] == "1"
        assert launch.check_redis(url, wait=0) is None
        with pytest.raises(launch.RedisUnreachable):
            launch.redis_persistence(f"redis://:wrong@127.0.0.1:{server.port}/0")
    finally:
        server.stop()
