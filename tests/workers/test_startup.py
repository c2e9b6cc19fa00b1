"""`lora-audit worker` checks its App settings and its own knobs together, before it starts."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_every_settings_problem_is_named_in_one_line(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if not key.startswith("LORA_AUDIT_")}
    env.update(
        LORA_AUDIT_ENV_FILE=str(tmp_path / "absent.env"),
        LORA_AUDIT_WEBHOOK_SECRET="s",
        LORA_AUDIT_PRIVATE_KEY="not a key",
        LORA_AUDIT_VISIBILITY_TIMEOUT="60",
        LORA_AUDIT_TASK_TIME_LIMIT="120",
        LORA_AUDIT_FETCH_TIMEOUT="-1",
    )
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
    for fragment in (
        "LORA_AUDIT_APP_ID is missing",
        "LORA_AUDIT_PRIVATE_KEY is not a PEM private key",
        "LORA_AUDIT_FETCH_TIMEOUT must be greater than 0 (it is '-1')",
    ):
        assert fragment in result.stderr
    assert "not a key" not in result.stderr
