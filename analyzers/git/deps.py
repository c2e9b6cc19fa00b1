"""What an audit asked its tree, so a later commit can tell whether the answers would differ.

`audit_tree` is a pure function of what its `SourceTree` answers. `RecordingTree` records the
questions (the paths read or hashed, whether the whole file list was seen, which needle sets were
searched); `Dependencies.unchanged_by` then decides, from a commit's raw diff alone, whether
auditing that commit would get exactly the same answers as its parent, so the parent's report can
be reused without calling the analyzer at all.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from analyzers.files.notebook import is_source
from analyzers.files.source import SourceTree
from analyzers.git.walk import Change


@dataclass(frozen=True)
class Dependencies:
    """The questions one audit asked, and what `candidates()` answered."""

    paths: frozenset[str]
    listed: bool
    searches: Mapping[tuple[bytes, ...], frozenset[str]]

    def unchanged_by(
        self, changes: Sequence[Change], matches: Callable[[str, Sequence[bytes]], bool]
    ) -> bool:
        """Whether every recorded question has the same answer after `changes`.

        `matches(blob_id, needles)` says whether a blob contains any of the needles. A search's
        answer can only change at a changed path, so only the new side of a change is searched:
        whether the old side matched is in the recorded answer.
        """
        for change in changes:
            paths = [change.path] if change.old_path is None else [change.path, change.old_path]
            if any(path in self.paths for path in paths):
                return False
            if self.listed and _changes_listing(change):
                return False
            for needles, answer in self.searches.items():
                if change.status == "R" and change.old_path in answer:
                    return False  # the old path is gone from every listing
                now = (
                    change.status != "D"
                    and is_source(change.path)
                    and _is_file(change.new_mode)
                    and matches(change.new_oid, needles)
                )
                if now != (change.path in answer):
                    return False
        return True


def _is_file(mode: str) -> bool:
    return mode.startswith("100")


def _changes_listing(change: Change) -> bool:
    """Whether the tree's entries (`files()` and the links and submodules left out) differ."""
    if change.status != "M":
        return True  # added, deleted, renamed, copied, or changed kind
    return _is_file(change.old_mode) != _is_file(change.new_mode)


@dataclass
class RecordingTree:
    """A `SourceTree` that answers from `tree` and remembers every question asked."""

    tree: SourceTree
    paths: set[str] = field(default_factory=set)
    listed: bool = False
    searches: dict[tuple[bytes, ...], frozenset[str]] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return self.tree.label

    @property
    def commit(self) -> str | None:
        return self.tree.commit

    def files(self) -> Sequence[str]:
        self.listed = True
        return self.tree.files()

    @property
    def skipped(self) -> object:
        """The tree's left-out entries (links, submodules): they change with the listing."""
        self.listed = True
        return getattr(self.tree, "skipped", [])

    def read(self, path: str) -> bytes:
        self.paths.add(path)
        return self.tree.read(path)

    def blob_id(self, path: str) -> str:
        self.paths.add(path)
        return self.tree.blob_id(path)

    def candidates(self, needles: Sequence[bytes]) -> Sequence[str]:
        found = self.tree.candidates(needles)
        self.searches[tuple(needles)] = frozenset(found)
        return found

    def dependencies(self) -> Dependencies:
        return Dependencies(frozenset(self.paths), self.listed, dict(self.searches))
