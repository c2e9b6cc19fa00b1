"""Fixtures for the launcher's tests: a launcher running one worker against a private Redis."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.standin.keys import app_key_pair

ROOT = Path(__file__).resolve().parents[2]
LAUNCHER = ROOT / "deploy" / "launch.py"


def launcher_environment(redis_url: str, tmp_path: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("LORA_AUDIT_")}
    env.update(
        LORA_AUDIT_APP_ID="1",
        LORA_AUDIT_PRIVATE_KEY=app_key_pair().private_pem,  # parsed at start-up
        LORA_AUDIT_WEBHOOK_SECRET="unused",
        LORA_AUDIT_REDIS_URL=redis_url,
        LORA_AUDIT_CACHE_DIR=str(tmp_path / "cache"),
    )
    return env


@pytest.fixture
def launched(redis_url: str, tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], Path]]:
    state_file = tmp_path / "state.json"
    launcher = subprocess.Popen(
        [
            sys.executable,
            str(LAUNCHER),
            "--no-web",
            "--workers",
            "1",
            "--concurrency",
            "1",
            "--state-file",
            str(state_file),
            "--log-dir",
            str(tmp_path / "logs"),
        ],
        env=launcher_environment(redis_url, tmp_path),
        cwd=ROOT,
    )
    yield launcher, tmp_path
    if launcher.poll() is None:
        launcher.kill()
        launcher.wait()
