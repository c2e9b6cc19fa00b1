"""Where analysed files come from: a directory on disk or a git commit, behind one small protocol.

The analyzer never imports or executes what it reads; it only asks a tree for paths and bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

# Byte strings of code that starts a child process: where a dispatcher of a driver can be.
# (The needles of vLLM's own names are `analyzers.vllm.api.PREFILTER_NEEDLES`.)
PROCESS_NEEDLES: tuple[bytes, ...] = (
    b"subprocess",
    b"os.system",
    b"os.popen",
    b"os.exec",
    b"os.spawn",
    b"Popen",
    b"multiprocessing",
    b"ProcessPool",
    b"create_subprocess",
)

# A runnable script (`if __name__ == "__main__":`, or statements that do work at the module's
# top level: a loop, a `with`, a call of `main()`): where a loop over a helper module's requests
# can be, with no request site of its own (`engine.run(make_request(ckpt))`).
SCRIPT_NEEDLES: tuple[bytes, ...] = (
    b"__main__",
    b"\nfor ",
    b"\nwhile ",
    b"\nwith ",
    b"\nasync with ",
    b"\nmain(",
    b"\nasyncio.run(",
)

# Methods that write a model's weights into a folder (`model.save_pretrained(folder)`), and their
# byte strings: a module with no request of its own that writes weights and names a driver is
# where a training loop hands each step's folder to it (`analyzers.audit._find_dispatchers`).
WEIGHT_WRITERS = frozenset(
    {"save_pretrained", "save_model", "save_lora", "save_adapter", "save_lora_adapter"}
)
WRITE_NEEDLES: tuple[bytes, ...] = tuple(sorted(name.encode() for name in WEIGHT_WRITERS))


class SourceError(Exception):
    """A path that cannot be read as a regular file (missing, a link loop, too large, ...)."""

    def __init__(self, path: str, why: str) -> None:
        super().__init__(f"{path}: {why}")
        self.path = path
        self.why = why


@runtime_checkable
class SourceTree(Protocol):
    """A read-only snapshot of a repository's files."""

    @property
    def label(self) -> str:
        """What the report calls this tree (`root`): the path as given, or `repo@sha`."""
        ...

    @property
    def commit(self) -> str | None:
        """The full commit sha when the tree is a git commit (or a clean work tree), else None."""
        ...

    def files(self) -> Sequence[str]:
        """Every regular file, as a posix path relative to the root, sorted."""
        ...

    def read(self, path: str) -> bytes:
        """The file's bytes; raises `SourceError` when it cannot or must not be read."""
        ...

    def blob_id(self, path: str) -> str:
        """A content id that changes exactly when the bytes do (the blob sha for git trees)."""
        ...

    def candidates(self, needles: Sequence[bytes]) -> Sequence[str]:
        """The `.py` files whose bytes contain any of `needles` (a tree may answer this fast)."""
        ...
