"""`lora-audit scan` on a terminal: a progress line on stderr, and Ctrl-C ends it cleanly.

Run as real subprocesses on a pseudo-terminal (progress is only for a TTY) with the progress
delay set to 0, so the line shows at once; SIGINT goes to the process group as a terminal's
Ctrl-C does, reaching the worker processes of a parallel audit too.
"""

from __future__ import annotations

import os
import pty
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.analyzers.conftest import DRIVERS

CLI = [sys.executable, "-m", "lora_audit", "scan"]


def _corpus(root: Path) -> Path:
    shutil.copytree(DRIVERS, root)
    return root


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key != "LORA_AUDIT_DEBUG"}
    return {**env, "XDG_CACHE_HOME": str(tmp_path / "cache"), "LORA_AUDIT_PROGRESS_DELAY": "0",
            "COLUMNS": "100", **extra}  # fmt: skip


def _read_until(fd: int, wanted: bytes, timeout: float) -> bytes:
    seen = b""
    deadline = time.monotonic() + timeout
    while wanted not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    return seen


# A shell starts a foreground job with Ctrl-C at its default action and unblocked. A test runner's
# worker need not hand that on (an ignored or blocked SIGINT survives fork and exec, and Python
# started with SIGINT ignored never raises KeyboardInterrupt): the CLI is started through this,
# which sets both as a terminal would and then becomes the command.
_AS_A_FOREGROUND_JOB = (
    "import os, signal, sys; "
    "signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT}); "
    "os.execv(sys.argv[1], sys.argv[1:])"
)


def _on_a_terminal(args: list[str], env: dict[str, str]) -> tuple[subprocess.Popen[bytes], int]:
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-c", _AS_A_FOREGROUND_JOB, *args],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
    )
    os.close(slave)
    return proc, master


# Ctrl-C at once, and a moment later: the latter tends to land while the worker pool forks,
# where an at-fork hook used to swallow it and the scan ran on to the end.
@pytest.mark.parametrize("wait", [0.0, 0.004, 0.008, 0.012])
def test_ctrl_c_prints_one_line_and_exits_130(tmp_path: Path, wait: float) -> None:
    root = _corpus(tmp_path / "repo")
    proc, master = _on_a_terminal([*CLI, str(root)], _env(tmp_path))
    try:
        shown = _read_until(master, b"analysing drivers", timeout=120)
        assert b"analysing drivers" in shown, shown[-2000:]
        time.sleep(wait)
        os.killpg(proc.pid, signal.SIGINT)
        rest = _read_until(master, b"\0never", timeout=30)
        code = proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        os.close(master)
    text = (shown + rest).decode("utf-8", "replace")
    assert code == 130, text[-2000:]
    assert "lora-audit: interrupted" in text
    assert "Traceback" not in text, text[-3000:]
    assert "KeyboardInterrupt" not in text


def test_no_progress_in_a_pipe_or_under_json(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    for name in sorted(os.listdir(DRIVERS))[:3]:
        shutil.copy(DRIVERS / name, root / name)
    piped = subprocess.run(
        [*CLI, str(root), "--exit-zero"], env=_env(tmp_path), capture_output=True, timeout=120,
        check=False,
    )  # fmt: skip
    assert piped.returncode == 0
    assert b"analysing" not in piped.stderr
    proc, master = _on_a_terminal([*CLI, str(root), "--format", "json", "--exit-zero"],
                                  _env(tmp_path / "json"))  # fmt: skip
    try:
        out = _read_until(master, b"\0never", timeout=120)
        assert proc.wait(timeout=30) == 0
    finally:
        os.close(master)
    assert b"analysing" not in out
    assert b'"schema_version"' in out
