"""A source tree with some files' bytes replaced: how a rewrite is re-audited before it is kept."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence

from analyzers.files.source import SourceTree


def blob_sha(data: bytes) -> str:
    """git's blob id of `data`: the id a directory or a commit holding these bytes would give."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data, usedforsecurity=False).hexdigest()


class OverlayTree:
    """`base` with `replaced` (path -> bytes) read instead of its own files.

    It names no commit: evidence must never cite a commit whose line is not the one analysed.
    The base's candidate search is asked once per set of needles and reused for every overlay.
    """

    def __init__(
        self,
        base: SourceTree,
        replaced: Mapping[str, bytes],
        searches: dict[tuple[bytes, ...], Sequence[str]] | None = None,
    ) -> None:
        self.base = base
        self.replaced = dict(replaced)
        self._searches = searches if searches is not None else {}

    @property
    def label(self) -> str:
        return self.base.label

    @property
    def commit(self) -> str | None:
        return None if self.replaced else self.base.commit

    @property
    def skipped(self) -> object:
        return getattr(self.base, "skipped", [])

    def files(self) -> Sequence[str]:
        return self.base.files()

    def read(self, path: str) -> bytes:
        found = self.replaced.get(path)
        return found if found is not None else self.base.read(path)

    def blob_id(self, path: str) -> str:
        found = self.replaced.get(path)
        return blob_sha(found) if found is not None else self.base.blob_id(path)

    def candidates(self, needles: Sequence[bytes]) -> Sequence[str]:
        key = tuple(needles)
        if key not in self._searches:
            self._searches[key] = list(self.base.candidates(needles))
        found = set(self._searches[key]) - set(self.replaced)
        for path, data in self.replaced.items():
            if path.endswith(".py") and any(needle in data for needle in needles):
                found.add(path)
        return sorted(found)
