"""Read git objects through `git cat-file --batch`: one process for many reads, never one each.

`CatFile` is a long-lived process for reads on demand (a tree's files, one at a time);
`BatchProcess` is the child itself, also used buffered for one pass over many objects
(`blobscan.py`). Objects larger than `max_bytes` are drained from the pipe but not kept.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import IO, cast

from analyzers.files.runner import GitError, git_invocation

OID = re.compile(r"[0-9a-f]{40}(?:[0-9a-f]{24})?")
_CHUNK = 1 << 20


@dataclass(frozen=True)
class GitObject:
    """One object as cat-file answered: `data` is None when it is missing or over the limit."""

    oid: str
    type: str | None
    size: int
    data: bytes | None

    @property
    def missing(self) -> bool:
        return self.type is None


def check_oid(oid: str) -> str:
    if not OID.fullmatch(oid):
        raise ValueError(f"not a full object id: {oid!r}")
    return oid


class BatchProcess:
    """A `git cat-file --batch` child and the parsing of its answers (one reader at a time)."""

    def __init__(self, git_dir: str | Path, *, buffered: bool) -> None:
        args = ["cat-file", "--batch", *(["--buffer"] if buffered else [])]
        how = git_invocation(git_dir, *args)
        self.argv = how.argv
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the process
        self.proc = subprocess.Popen(
            self.argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            cwd=how.cwd,
            env=how.env,
        )

    @property
    def stdin(self) -> IO[bytes]:
        assert self.proc.stdin is not None  # always piped above
        return self.proc.stdin

    @property
    def stdout(self) -> io.BufferedReader:
        # Popen(stdout=PIPE) with the default buffering is a BufferedReader (read1 is needed)
        return cast(io.BufferedReader, self.proc.stdout)

    def answer(self, oid: str, max_bytes: int | None) -> GitObject:
        header = self.stdout.readline()
        if not header.endswith(b"\n"):
            self.fail(f"no answer for {oid}")
        fields = header.decode("ascii", errors="replace").split()
        if len(fields) == 2 and fields[1] in {"missing", "ambiguous"}:
            return GitObject(oid, None, 0, None)
        if len(fields) != 3 or fields[0] != oid:
            self.fail(f"unexpected answer {header!r} for {oid}")
        kind, size = fields[1], int(fields[2])
        if max_bytes is not None and size > max_bytes:
            left = size + 1
            while left:
                got = len(self.stdout.read(min(left, _CHUNK)))
                if not got:
                    self.fail(f"truncated object {oid}")
                left -= got
            return GitObject(oid, kind, size, None)
        data = self.stdout.read(size + 1)
        if len(data) != size + 1:
            self.fail(f"truncated object {oid}")
        return GitObject(oid, kind, size, data[:size])

    def fail(self, why: str) -> None:
        self.close()
        self._stderr.seek(0)
        stderr = self._stderr.read().decode("utf-8", errors="backslashreplace")
        raise GitError(self.argv, self.proc.returncode or -1, b"", f"{why}\n{stderr}")

    def close(self) -> None:
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass  # the child already went away; nothing left to flush
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._stderr.close()


class CatFile:
    """One long-lived `git cat-file --batch` for reads on demand; thread-safe; close() it."""

    def __init__(self, git_dir: str | Path) -> None:
        self._git_dir = git_dir
        self._batch: BatchProcess | None = None
        self._lock = threading.Lock()
        self._pid = os.getpid()

    def read(self, oid: str, *, max_bytes: int | None = None) -> GitObject:
        check_oid(oid)
        if self._pid != os.getpid():
            # A forked worker (parallel audits): the inherited pipes belong to the parent's
            # cat-file; this process starts its own and leaves the parent's alone.
            self._pid, self._batch, self._lock = os.getpid(), None, threading.Lock()
        with self._lock:
            if self._batch is None:
                self._batch = BatchProcess(self._git_dir, buffered=False)
            batch = self._batch
            try:
                batch.stdin.write(oid.encode("ascii") + b"\n")
                batch.stdin.flush()
            except BrokenPipeError:
                self._batch = None
                batch.fail(f"cat-file exited before reading {oid}")
            try:
                return batch.answer(oid, max_bytes)
            except GitError:
                self._batch = None
                raise

    def close(self) -> None:
        with self._lock:
            if self._batch is not None:
                self._batch.close()
                self._batch = None

    def __enter__(self) -> CatFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
