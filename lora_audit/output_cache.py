"""A repeated `lora-audit scan` of unchanged repositories prints what the last one printed.

The key is everything the output depends on: the tool's own source, the options and
environment that shape the output, and for each scanned repository its HEAD, what
`git status` says differs from HEAD (the bytes of each such file), and the config file (read
even when git ignores it). Git's own index decides what is unchanged, racy timestamps
included. A hit needs neither the analyzer nor its report models, which a warm scan spends most
of its time importing; anything the key cannot vouch for (a folder outside git, a scan that
warned on stderr, fix commits checked against branches, an internal error) is not stored.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import stat
import sys
from pathlib import Path
from typing import NamedTuple

FILE_NAME = "outputs-v1.sqlite3"
_HASHED_BYTES = 8 * 1024 * 1024  # larger changed files are keyed by size and mtime
_PACKAGES = ("analyzers", "lora_audit")


class Stored(NamedTuple):
    text: str
    status: int


def key_for(args: argparse.Namespace, *, color: bool, width: int) -> str | None:
    """The key of this scan's output, or None when it cannot be vouched for."""
    if args.config is not None:
        return None
    parts: list[str] = [
        _tool_fingerprint(),
        json.dumps(
            [
                args.paths,
                args.format,
                args.vllm_version,
                args.only_findings,
                args.exit_zero,
                args.fail_on,
                color,
                width,
                os.getcwd(),
                sorted((k, v) for k, v in os.environ.items() if k.startswith("LORA_AUDIT_")),
            ]
        ),
    ]
    for path in args.paths:
        state = _repository_state(Path(path))
        if state is None:
            return None
        parts.append(state)
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def lookup(key: str) -> Stored | None:
    from analyzers.files.diskcache import DiskCache, cache_dir

    with DiskCache(cache_dir() / FILE_NAME) as store:
        found = store.get(key)
    if found is None:
        return None
    try:
        data = json.loads(found)
        return Stored(str(data["text"]), int(data["status"]))
    except (ValueError, KeyError, TypeError):
        return None


def store(key: str, stored: Stored, paths: list[str]) -> None:
    """Keep the output, unless git lists nothing under one of the folders: the scan then read
    it from disk, ignore rules aside, which the key does not cover. (Whether git lists
    anything follows from what the key does cover, so it is asked only here.)"""
    from analyzers.files.diskcache import DiskCache, cache_dir

    listing = ("ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", ".")
    if not all(_git(Path(path), *listing) for path in paths):
        return
    with DiskCache(cache_dir() / FILE_NAME) as kept:
        kept[key] = json.dumps({"text": stored.text, "status": stored.status})


def _tool_fingerprint() -> str:
    from analyzers.files.fingerprint import source_fingerprint

    here = Path(__file__).resolve().parent.parent
    return source_fingerprint(*(here / name for name in _PACKAGES))


def _repository_state(path: Path) -> str | None:
    """HEAD, the changes `git status` lists and the config file of the repository at `path`,
    when `path` is a folder in one; else None."""
    if not path.is_dir():
        return None
    found = _git(path, "rev-parse", "--show-toplevel", "HEAD")
    if found is None:
        return None
    lines = found.decode("utf-8", "surrogateescape").split("\n")
    if len(lines) < 2:
        return None
    top, head = Path(lines[0]), lines[1]
    status = _git(top, "status", "--porcelain=v1", "-z", "--untracked-files=all")
    if status is None:
        return None
    parts = [str(top), head, status.decode("utf-8", "surrogateescape")]
    fields = status.split(b"\0")
    index = 0
    while index < len(fields):
        entry = fields[index]
        index += 1
        if len(entry) < 4:
            continue
        if entry[:1] in (b"R", b"C"):
            index += 1  # the rename's source follows; its bytes are HEAD's
        parts.append(_file_state(top / os.fsdecode(entry[3:])))
    from analyzers.files.config_path import CONFIG_PATH

    parts.append(_file_state(top / CONFIG_PATH))
    return "\0".join(parts)


def _file_state(path: Path) -> str:
    try:
        info = os.lstat(path)
    except OSError:
        return "absent"
    if stat.S_ISLNK(info.st_mode):
        return "link:" + os.readlink(path)
    if not stat.S_ISREG(info.st_mode):
        return f"kind:{stat.S_IFMT(info.st_mode)}"
    if info.st_size > _HASHED_BYTES:
        return f"large:{info.st_size}:{info.st_mtime_ns}"
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return f"unreadable:{info.st_size}:{info.st_mtime_ns}"


def _git(folder: Path, *args: str) -> bytes | None:
    from analyzers.files.runner import GitError, run_git

    try:
        return run_git(None, *args, cwd=folder, timeout=60).stdout
    except (GitError, OSError):
        return None


class StderrWatch:
    """Standard error with a note of whether anything was written (a warning the stored
    output would not repeat)."""

    def __init__(self) -> None:
        self.inner = sys.stderr
        self.written = False

    def write(self, text: str) -> int:
        if text:
            self.written = True
        return self.inner.write(text)

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)
