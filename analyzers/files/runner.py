"""The one way lora-audit runs git: on untrusted repositories, with nothing that can execute.

Every git subprocess goes through `git_invocation`/`run_git`. They drop the caller's `GIT_*`
environment (a stray `GIT_DIR` or `GIT_INDEX_FILE` must not redirect us), ignore the system
config, disable hooks, fsmonitor, pagers, colour, signatures, replace refs and every network
transport (a partial clone must not lazily fetch), and take no optional locks.

Git refuses a repository owned by another user ("dubious ownership": a mounted checkout in a
container, a CI cache). Since nothing a repository configures can run here, the one repository
being read is trusted for that command only (`-c safe.directory=<its path>`, never `*`).
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

# Config that the repository's own .git/config could otherwise use to run programs or change
# the output we parse. Command-line `-c` wins over every config file.
SAFE_CONFIG: tuple[tuple[str, str], ...] = (
    ("core.fsmonitor", "false"),
    ("core.hooksPath", os.devnull),
    ("core.pager", "cat"),
    ("color.ui", "never"),
    ("log.showSignature", "false"),
    ("protocol.allow", "never"),
    ("core.quotePath", "false"),
    ("grep.patternType", "fixed"),
)

_ENV = {
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_TERMINAL_PROMPT": "0",
    "GIT_PAGER": "cat",
    "PAGER": "cat",
    "GIT_OPTIONAL_LOCKS": "0",
    "GIT_NO_REPLACE_OBJECTS": "1",
    "GIT_ASKPASS": "",
    "SSH_ASKPASS": "",
    "LC_ALL": "C",
}


def git_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment for a git subprocess: ours, without the caller's `GIT_*` variables."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("GIT_")}
    env.update(_ENV)
    env.update(extra or {})
    return env


class Invocation(NamedTuple):
    """How to start git on a repository: argv, working folder and environment."""

    argv: list[str]
    cwd: str | None
    env: dict[str, str]


def safe_directories(folder: str | Path) -> list[str]:
    """The `safe.directory` values that let git read the repository at `folder` (a work tree's
    top, its `.git`, or a bare repository) whoever owns it, and no other repository."""
    path = Path(folder).resolve()
    found = [path]
    if path.name == ".git":
        found.append(path.parent)
    elif (path / ".git").is_dir():
        found.append(path / ".git")
    return [str(item) for item in found]


def git_invocation(
    git_dir: str | Path | None,
    *args: str,
    env: Mapping[str, str] | None = None,
    work_tree: str | Path | None = None,
) -> Invocation:
    """`git <args>` made safe; with `git_dir`, git runs inside that folder and finds it there.

    Started from inside the git directory (and stopped from looking above it), git has no work
    tree: a command that would write one fails ("must be run in a work tree") instead of
    writing files into whatever folder the caller happens to be in.
    """
    argv = ["git", "--no-pager", "--no-optional-locks", "--no-replace-objects"]
    for key, value in SAFE_CONFIG:
        argv += ["-c", f"{key}={value}"]
    trusted = git_dir if git_dir is not None else work_tree
    for folder in safe_directories(trusted) if trusted is not None else []:
        argv += ["-c", f"safe.directory={folder}"]
    extra = dict(env or {})
    cwd = None
    if git_dir is not None:
        cwd = str(git_dir)
        extra.setdefault("GIT_CEILING_DIRECTORIES", str(Path(git_dir).resolve().parent))
    return Invocation([*argv, *args], cwd, git_env(extra))


class GitResult(NamedTuple):
    """What one git run produced; stdout stays bytes (paths and blobs need not be UTF-8)."""

    returncode: int
    stdout: bytes
    stderr: str

    @property
    def text(self) -> str:
        return self.stdout.decode("utf-8", errors="backslashreplace")


class GitError(Exception):
    """A git run that failed; the message shows the command, the exit code and both streams."""

    def __init__(self, argv: Sequence[str], returncode: int, stdout: bytes, stderr: str) -> None:
        self.argv = list(argv)
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr
        shown = stdout[:2000].decode("utf-8", errors="backslashreplace")
        super().__init__(
            f"{' '.join(self.argv)} exited {returncode}\n"
            f"stdout: {shown.strip() or '(empty)'}\nstderr: {stderr.strip() or '(empty)'}"
        )

    @property
    def first_line(self) -> str:
        """git's own complaint, for a one-line user message."""
        for line in self.stderr.splitlines():
            text = line.strip().removeprefix("fatal: ").removeprefix("error: ")
            if text:
                return text
        return f"git exited {self.returncode}"


def run_git(
    git_dir: str | Path | None,
    *args: str,
    input: bytes | None = None,
    ok: Sequence[int] = (0,),
    cwd: str | Path | None = None,
    env: Mapping[str, str] | None = None,
    timeout: float | None = 600,
) -> GitResult:
    """Run git and return (returncode, stdout, stderr); raise `GitError` for a code not in `ok`."""
    if git_dir is not None and cwd is not None:
        raise ValueError("give git_dir or cwd, not both: git finds its repository from its folder")
    how = git_invocation(git_dir, *args, env=env, work_tree=cwd if git_dir is None else None)
    argv = how.argv
    try:
        done = subprocess.run(
            argv,
            input=input,
            capture_output=True,
            cwd=cwd if cwd is not None else how.cwd,
            env=how.env,
            timeout=timeout,
            check=False,
        )
    except FileNotFoundError as exc:
        raise GitError(argv, 127, b"", f"git is not installed: {exc}") from exc
    except subprocess.TimeoutExpired as exc:
        stdout = exc.stdout if isinstance(exc.stdout, bytes) else b""
        raise GitError(argv, -1, stdout, f"timed out after {timeout} s") from exc
    result = GitResult(
        done.returncode, done.stdout, done.stderr.decode("utf-8", errors="backslashreplace")
    )
    if result.returncode not in ok:
        raise GitError(argv, result.returncode, result.stdout, result.stderr)
    return result
