"""Search thousands of blobs for a few byte strings in one `git cat-file --batch` pass.

The answers are read in large chunks and searched in place (`bytes.find` with bounds), so only
the blobs that do contain a string are ever copied out: a history's worth of Python files costs
about what git needs to inflate them.
"""

from __future__ import annotations

import contextlib
import fcntl
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from analyzers.git.catfile import BatchProcess, check_oid

_CHUNK = 1 << 20


@dataclass
class BlobScan:
    """`hits`: the blobs containing a needle (every other blob scanned has none); `data`: the
    bytes of every hit, and of other blobs while they fit the `keep_bytes` budget."""

    hits: set[str] = field(default_factory=set)
    data: dict[str, bytes] = field(default_factory=dict)
    missing: set[str] = field(default_factory=set)
    oversized: set[str] = field(default_factory=set)


class _Answers:
    """The cat-file output as one sliding buffer."""

    def __init__(self, batch: BatchProcess) -> None:
        self.batch = batch
        self.buf = b""
        self.pos = 0

    def _more(self) -> None:
        chunk = self.batch.stdout.read1(_CHUNK)
        if not chunk:
            self.batch.fail("cat-file output ended early")
        self.buf = self.buf[self.pos :] + chunk
        self.pos = 0

    def line(self) -> bytes:
        while (end := self.buf.find(b"\n", self.pos)) < 0:
            self._more()
        found = self.buf[self.pos : end]
        self.pos = end + 1
        return found

    def have(self, size: int) -> None:
        """At least `size` bytes after `pos`, read in large pieces and joined once."""
        available = len(self.buf) - self.pos
        if available >= size:
            return
        parts = [self.buf[self.pos :]]
        while available < size:
            chunk = self.batch.stdout.read1(max(_CHUNK, size - available))
            if not chunk:
                self.batch.fail("cat-file output ended early")
            parts.append(chunk)
            available += len(chunk)
        self.buf = b"".join(parts)
        self.pos = 0

    def skip(self, size: int) -> None:
        while size > len(self.buf) - self.pos:
            size -= len(self.buf) - self.pos
            self.buf, self.pos = b"", 0
            self._more()
        self.pos += size


def _widen_pipe(batch: BatchProcess) -> None:
    """Let git run up to a megabyte ahead of the scan (Linux; elsewhere the default stays)."""
    set_pipe_size = getattr(fcntl, "F_SETPIPE_SZ", 1031)
    with contextlib.suppress(OSError):
        fcntl.fcntl(batch.stdout.fileno(), set_pipe_size, _CHUNK)


def scan_blobs(
    git_dir: str | Path,
    oids: Sequence[str],
    needles: Sequence[bytes],
    *,
    max_bytes: int,
    keep_bytes: int = 0,
) -> BlobScan:
    """Which of `oids` contain any of `needles` (blobs over `max_bytes` are not searched)."""
    result = BlobScan()
    if not oids:
        return result
    request = "".join(f"{check_oid(oid)}\n" for oid in oids).encode("ascii")
    batch = BatchProcess(git_dir, buffered=True)
    _widen_pipe(batch)

    def feed() -> None:
        try:
            batch.stdin.write(request)
            batch.stdin.close()
        except (BrokenPipeError, ValueError, OSError):
            pass  # the reader reports the early exit

    writer = threading.Thread(target=feed, name="blob-scan-feed", daemon=True)
    writer.start()
    answers = _Answers(batch)
    try:
        for oid in oids:
            fields = answers.line().split()
            if len(fields) == 2 and fields[1] in (b"missing", b"ambiguous"):
                result.missing.add(oid)
                continue
            if len(fields) != 3 or fields[0].decode("ascii", "replace") != oid:
                batch.fail(f"unexpected answer {fields!r} for {oid}")
            size = int(fields[2])
            if size > max_bytes:
                result.oversized.add(oid)
                answers.skip(size + 1)
                continue
            answers.have(size + 1)
            start, end = answers.pos, answers.pos + size
            buf = answers.buf
            if any(buf.find(needle, start, end) >= 0 for needle in needles):
                result.hits.add(oid)
                result.data[oid] = buf[start:end]
            elif size <= keep_bytes:
                keep_bytes -= size
                result.data[oid] = buf[start:end]
            answers.pos = end + 1
    finally:
        batch.close()
        writer.join()
    return result
