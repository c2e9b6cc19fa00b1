"""Run git safely on mirrors of untrusted repositories: no hooks, no prompts, bounded in time.

Every git command the workers run goes through `run_git`, so the hardening lives in one place:
hooks are off (`core.hooksPath=/dev/null` also silences `reference-transaction` during fetch),
credential helpers are cleared so a token is never stored, and automatic gc never runs behind a
reader's back. Secrets travel in the environment (`GIT_CONFIG_*`), never on the command line.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from analyzers.files.runner import SAFE_CONFIG
from analyzers.files.runner import git_env as safe_git_env

# The analyzers' read-only hardening (no fsmonitor, hooks, pager, ...), less the transport ban a
# fetch cannot live with, plus what only a fetching, long-lived mirror needs.
_FETCH_NEEDS = frozenset({"protocol.allow"})
HARDENING: tuple[str, ...] = (
    *(
        arg
        for key, value in SAFE_CONFIG
        if key not in _FETCH_NEEDS
        for arg in ("-c", f"{key}={value}")
    ),
    "-c",
    "credential.helper=",
    "-c",
    "gc.auto=0",
    "-c",
    "maintenance.auto=false",
    "-c",
    "protocol.ext.allow=never",
    # A redirect would carry the installation token to whatever host it names: git keeps
    # sending the extra header to the redirected base URL. Treat every redirect as an error.
    "-c",
    "http.followRedirects=false",
)
# An empty answer instead of a prompt (analyzers.git.runner already turns terminal prompts off).
ASKPASS_ENV = {"GIT_ASKPASS": "true", "SSH_ASKPASS": "true"}
_POLL_SECONDS = 0.1


class GitError(Exception):
    """A git command that failed: the command, its exit status and both streams."""

    def __init__(self, args: Sequence[str], returncode: int, stdout: str, stderr: str) -> None:
        self.command = " ".join(args)
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr
        super().__init__(
            f"git {self.command} exited {returncode}\nstdout: {stdout.strip()[:2000]}\n"
            f"stderr: {stderr.strip()[:2000]}"
        )


class GitAborted(Exception):
    """A git command stopped by us: it ran too long or `watch` said stop."""


@dataclass(frozen=True)
class GitResult:
    returncode: int
    stdout: str
    stderr: str


def git_env(secret_config: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment for git: hardened, with `secret_config` as `GIT_CONFIG_*` entries."""
    items = list((secret_config or {}).items())
    extra = {**ASKPASS_ENV, "GIT_CONFIG_COUNT": str(len(items))}
    for index, (key, value) in enumerate(items):
        extra[f"GIT_CONFIG_KEY_{index}"] = key
        extra[f"GIT_CONFIG_VALUE_{index}"] = value
    # analyzers' git_env drops the caller's GIT_* variables: a stray GIT_DIR or GIT_CONFIG_*
    # must not redirect a fetch or add config.
    return safe_git_env(extra)


def run_git(
    args: Sequence[str],
    *,
    cwd: Path,
    timeout: float = 600.0,
    secret_config: Mapping[str, str] | None = None,
    watch: Callable[[], str | None] | None = None,
    check: bool = True,
    stdin: str | None = None,
) -> GitResult:
    """Run `git <args>` in `cwd`; return its result or raise `GitError` / `GitAborted`.

    `watch` is called every 0.1 s while git runs; a non-None answer is the reason to stop it
    (e.g. a size limit), and the whole process group is killed so no helper lingers.
    """
    command = ["git", *HARDENING, *args]
    process = subprocess.Popen(
        command,
        cwd=cwd,
        env=git_env(secret_config),
        stdin=subprocess.DEVNULL if stdin is None else subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    deadline = time.monotonic() + timeout
    reason: str | None = None
    pending_input = stdin.encode() if stdin is not None else None
    while True:
        try:
            # Input goes with the first call only; later calls resume the same exchange.
            out, err = process.communicate(pending_input, timeout=_POLL_SECONDS)
            break
        except subprocess.TimeoutExpired:
            pending_input = None
            if time.monotonic() > deadline:
                reason = f"git {args[0]} did not finish within {timeout:g}s"
            elif watch is not None:
                reason = watch()
            if reason is not None:
                _kill_group(process)
                raise GitAborted(reason) from None
    result = GitResult(
        process.returncode, out.decode(errors="replace"), err.decode(errors="replace")
    )
    if check and result.returncode != 0:
        raise GitError(args, result.returncode, result.stdout, result.stderr)
    return result


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.communicate()
