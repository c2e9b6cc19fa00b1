"""`lora-audit serve` starts the app under uvicorn; a bad environment is one line and exit 2."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import httpx

from tests.standin.hooks import delivery_headers
from tests.standin.keys import app_key_pair
from tests.support.ports import free_port, wait_for_port


def _env(redis_url: str) -> dict[str, str]:
    env = {name: value for name, value in os.environ.items() if not name.startswith("LORA_AUDIT_")}
    return env | {
        "LORA_AUDIT_APP_ID": "4242",
        "LORA_AUDIT_PRIVATE_KEY": app_key_pair().private_pem,
        "LORA_AUDIT_WEBHOOK_SECRET": "serve-secret",
        "LORA_AUDIT_REDIS_URL": redis_url,
    }


def test_serve_answers_health_and_webhooks(redis_url: str) -> None:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "lora_audit", "serve", "--host", "127.0.0.1", "--port", str(port)],
        env=_env(redis_url),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        wait_for_port(port)
        base = f"http://127.0.0.1:{port}"
        assert httpx.get(f"{base}/healthz").status_code == 200
        assert httpx.get(f"{base}/readyz").status_code == 200
        body = json.dumps({"zen": "Keep it logically awesome."}).encode()
        ping = httpx.post(
            f"{base}/webhooks", content=body, headers=delivery_headers("ping", body, "serve-secret")
        )
        assert ping.status_code == 200
    finally:
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=20)
    assert process.returncode == 0, stderr.decode()


def _serve(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "lora_audit", "serve"]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=60, check=False)


def test_missing_secret_is_one_line_naming_it(redis_url: str) -> None:
    env = _env(redis_url)
    del env["LORA_AUDIT_WEBHOOK_SECRET"]
    result = _serve(env)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "LORA_AUDIT_WEBHOOK_SECRET is missing" in result.stderr


def test_unreadable_key_file_stops_start_up(redis_url: str) -> None:
    env = _env(redis_url)
    del env["LORA_AUDIT_PRIVATE_KEY"]
    env["LORA_AUDIT_PRIVATE_KEY_FILE"] = "/nonexistent/app.pem"
    result = _serve(env)
    assert result.returncode == 2
    assert "LORA_AUDIT_PRIVATE_KEY_FILE: cannot read /nonexistent/app.pem" in result.stderr
