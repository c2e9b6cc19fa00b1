"""ruff and mypy are part of the suite, so CI enforces them."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def _tool(name: str) -> str:
    found = BIN / name
    if found.exists():
        return str(found)
    other = shutil.which(name)
    if other is None:
        pytest.fail(f"{name} is not installed; run the README's test command")
    return other


@pytest.mark.parametrize(
    "command",
    [
        pytest.param(["ruff", "check", "--no-cache", "."], id="ruff-check"),
        pytest.param(["ruff", "format", "--check", "--no-cache", "."], id="ruff-format"),
        pytest.param(["mypy"], id="mypy", marks=pytest.mark.slow),
    ],
)
def test_clean(command: list[str]) -> None:
    result = subprocess.run(
        [_tool(command[0]), *command[1:]],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
