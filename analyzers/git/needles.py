"""Which blobs contain the prefilter needles, computed once per blob for a whole history.

A history audit sees the same blob in thousands of commits; searching every blob once (one
`git grep` over all of them, then reading only the matches) lets every commit's `candidates()`
be a dictionary lookup.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from analyzers.files.runner import GitError
from analyzers.git.blobgrep import grep_blobs
from analyzers.git.blobscan import BlobScan, scan_blobs
from analyzers.vllm.api import PREFILTER_NEEDLES

if TYPE_CHECKING:
    from analyzers.git.repository import GitRepository

# Above this a blob is not scanned, and counts as containing every needle (the analyzer then
# reports why it could not read it, rather than the file silently missing from the audit).
MAX_SCAN_BYTES = 64 * 1024 * 1024
# Bytes of scanned blobs kept for later searches (driver-name needles) and reads, in all.
KEEP_BYTES = 96 * 1024 * 1024
_BATCH = 20_000  # blobs per git grep and cat-file pass
# Short strings that the needles contain: searching for these few rules most blobs out at once.
_ANCHORS = (b"lora", b"LoRA", b"rocess", b"os.", b"Popen")


def anchors_for(needles: Sequence[bytes]) -> tuple[bytes, ...]:
    """Strings such that every needle contains at least one of them."""
    chosen = [anchor for anchor in _ANCHORS if any(anchor in needle for needle in needles)]
    uncovered = [n for n in needles if not any(anchor in n for anchor in chosen)]
    return (*chosen, *uncovered)


class NeedleIndex:
    """blob id -> the needles (of `known`) its bytes contain; other needles are scanned lazily."""

    def __init__(self, repo: GitRepository, known: Sequence[bytes] = PREFILTER_NEEDLES) -> None:
        self.repo = repo
        self.known = tuple(known)
        self._anchors = anchors_for(self.known)
        self._found: dict[str, frozenset[bytes]] = {}
        self._extra: dict[tuple[str, bytes], bool] = {}
        self._data: dict[str, bytes] = {}
        self._kept = 0
        self.keep_limit = KEEP_BYTES
        self._answers: dict[tuple[str, tuple[bytes, ...]], bool] = {}
        self._known_set = frozenset(self.known)
        self._splits: dict[tuple[bytes, ...], tuple[frozenset[bytes], tuple[bytes, ...]]] = {}

    def __len__(self) -> int:
        return len(self._found)

    def __contains__(self, oid: object) -> bool:
        return oid in self._found

    def scan(self, oids: Iterable[str], *, keep_bytes: int = KEEP_BYTES) -> None:
        """Find which needles each not-yet-scanned blob of `oids` contains.

        `git grep` picks the blobs holding any needle (`blobgrep.py`); only those are read, and
        kept. Where git cannot grep them (a partial clone), every blob is read here instead,
        keeping bytes within `keep_bytes` for later searches and reads. Pass the blobs in
        history order: successive versions of a file are usually deltas of each other.
        """
        todo = list(dict.fromkeys(oid for oid in oids if oid not in self._found))
        # In batches: the matching blobs of one batch are held at once, not a whole history's.
        for start in range(0, len(todo), _BATCH):
            self._scan_batch(todo[start : start + _BATCH], keep_bytes)

    def _scan_batch(self, todo: list[str], keep_bytes: int) -> None:
        try:
            matching = grep_blobs(self.repo, todo, self.known)
        except GitError:
            self._scan_here(todo, keep_bytes)  # git could not grep them all; read them here
            return
        found = scan_blobs(self.repo.git_dir, list(matching), self.known, max_bytes=MAX_SCAN_BYTES)
        self._record(todo, found)

    def _scan_here(self, todo: list[str], keep_bytes: int) -> None:
        found = scan_blobs(
            self.repo.git_dir,
            todo,
            self._anchors,
            max_bytes=MAX_SCAN_BYTES,
            keep_bytes=keep_bytes,
        )
        self._record(todo, found)

    def _record(self, todo: list[str], found: BlobScan) -> None:
        # Kept bytes are bounded (a long history has gigabytes of matching blob versions); a
        # blob not kept is read again through cat-file when an audit needs it.
        for oid, data in found.data.items():
            if self._kept + len(data) <= self.keep_limit and oid not in self._data:
                self._data[oid] = data
                self._kept += len(data)
        everything = frozenset(self.known)
        for oid in todo:
            if oid in found.hits:
                data = found.data[oid]
                self._found[oid] = frozenset(needle for needle in self.known if needle in data)
            else:
                # Unsearchable (too large, or missing from a partial mirror): a candidate, so
                # the audit says it could not read it instead of leaving it out unseen.
                unknown = oid in found.oversized or oid in found.missing
                self._found[oid] = everything if unknown else frozenset()

    def data(self, oid: str) -> bytes | None:
        """The blob's bytes when the scan kept them."""
        return self._data.get(oid)

    def hits(self, oid: str) -> frozenset[bytes]:
        """The known needles in blob `oid` (scanning it now if it was not scanned)."""
        if oid not in self._found:
            self.scan([oid])
        return self._found[oid]

    def matches(self, oid: str, needles: Sequence[bytes]) -> bool:
        """Whether blob `oid` contains any of `needles` (remembered per blob and needle set)."""
        key = (oid, tuple(needles))
        found = self._answers.get(key)
        if found is None:
            found = self._answers[key] = self._matches(oid, key[1])
        return found

    def _matches(self, oid: str, needles: tuple[bytes, ...]) -> bool:
        split = self._splits.get(needles)
        if split is None:
            known = frozenset(n for n in needles if n in self._known_set)
            split = self._splits[needles] = (known, tuple(n for n in needles if n not in known))
        known, extra = split
        if known and not self.hits(oid).isdisjoint(known):
            return True
        if not extra:
            return False
        data = self._data.get(oid)
        if data is not None:
            return any(needle in data for needle in extra)
        return any(self._has_extra(oid, needle) for needle in extra)

    def _has_extra(self, oid: str, needle: bytes) -> bool:
        key = (oid, needle)
        if key not in self._extra:
            found = self.repo.read_blob(oid, max_bytes=MAX_SCAN_BYTES)
            if found.data is None:
                self._extra[key] = not found.missing  # too large to scan: assume it matches
            else:
                self._extra[key] = needle in found.data
        return self._extra[key]
