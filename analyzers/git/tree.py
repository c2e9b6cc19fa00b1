"""`GitTree`: one commit of a git repository as a `SourceTree`, read from objects, not a checkout.

Files are the regular-file entries of `git ls-tree -r` (symbolic links, mode 120000, and
submodules, mode 160000, are never read as files); blob ids are git's; reads go through the
repository's one `git cat-file --batch`; `candidates()` asks `git grep` on the commit, or a
precomputed `NeedleIndex` when the caller already scanned the blobs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from analyzers.files.directory import Skip
from analyzers.files.notebook import SOURCE_PATHSPECS, is_source
from analyzers.files.source import SourceError
from analyzers.git.needles import NeedleIndex
from analyzers.git.repository import MAX_BLOB_BYTES, GitRepository, TreeEntry, decode_path

SHORT_SHA = 7
_NOT_FILES = {
    "120000": "symbolic link; not followed",
    "160000": "submodule; its files are not part of this repository",
}


def short_sha(sha: str | None) -> str:
    """The abbreviation evidence uses (`path:line@abc1234`)."""
    return sha[:SHORT_SHA] if sha else "worktree"


class GitTree:
    """The tree of `commit` (any ref; resolved once) in `repo` (a path or an open repository)."""

    def __init__(
        self,
        repo: str | Path | GitRepository,
        commit: str = "HEAD",
        *,
        label: str | None = None,
        entries: Mapping[str, TreeEntry] | None = None,
        needle_index: NeedleIndex | None = None,
        max_bytes: int = MAX_BLOB_BYTES,
    ) -> None:
        self._owned = not isinstance(repo, GitRepository)
        self.repo = repo if isinstance(repo, GitRepository) else GitRepository(repo)
        self._commit = commit if entries is not None else self.repo.resolve(commit)
        self._label = label if label is not None else str(self.repo.path)
        self._entries = entries if entries is not None else self.repo.tree_entries(self._commit)
        self._files = sorted(path for path, entry in self._entries.items() if entry.is_file)
        self._needle_index = needle_index
        self._max_bytes = max_bytes

    @property
    def label(self) -> str:
        return self._label

    @property
    def commit(self) -> str:
        return self._commit

    @property
    def entries(self) -> Mapping[str, TreeEntry]:
        return self._entries

    def files(self) -> Sequence[str]:
        return self._files

    @property
    def skipped(self) -> Sequence[Skip]:
        """Entries that are not files: links (never followed) and submodules (not ours)."""
        return [
            Skip(path, _NOT_FILES[entry.mode])
            for path, entry in sorted(self._entries.items())
            if entry.mode in _NOT_FILES
        ]

    def _file_entry(self, path: str) -> TreeEntry:
        entry = self._entries.get(path)
        if entry is None:
            raise SourceError(path, f"not in commit {short_sha(self._commit)}")
        if entry.mode == "120000":
            raise SourceError(path, "a symbolic link; links are not followed")
        if entry.mode == "160000":
            raise SourceError(path, "a submodule; its files are not part of this repository")
        if not entry.is_file:
            raise SourceError(path, f"not a regular file (mode {entry.mode})")
        return entry

    def read(self, path: str) -> bytes:
        entry = self._file_entry(path)
        if entry.size is not None and entry.size > self._max_bytes:
            raise SourceError(path, f"too large to read ({entry.size:,} bytes)")
        kept = self._needle_index.data(entry.oid) if self._needle_index is not None else None
        if kept is not None and len(kept) <= self._max_bytes:
            return kept
        found = self.repo.read_blob(entry.oid, max_bytes=self._max_bytes)
        if found.missing:
            raise SourceError(path, f"blob {entry.oid} is not in this clone (shallow or partial)")
        if found.data is None:
            raise SourceError(path, f"too large to read ({found.size:,} bytes)")
        return found.data

    def blob_id(self, path: str) -> str:
        return self._file_entry(path).oid

    def candidates(self, needles: Sequence[bytes]) -> Sequence[str]:
        if not needles:
            return []
        py_files = {p: self._entries[p].oid for p in self._files if is_source(p)}
        if self._needle_index is not None:
            return [p for p, oid in py_files.items() if self._needle_index.matches(oid, needles)]
        args = ["grep", "-l", "-z", "-F", "--no-color", "--no-textconv"]
        for needle in needles:
            args += ["-e", needle.decode("utf-8", errors="surrogateescape")]
        found = self.repo.run(*args, self._commit, "--", *SOURCE_PATHSPECS, ok=(0, 1))
        if found.stderr.strip():
            # git grep skips a blob it cannot read (a partial clone): search them one by one.
            index = NeedleIndex(self.repo, tuple(needles))
            index.scan(py_files.values())
            return [p for p, oid in py_files.items() if index.matches(oid, needles)]
        prefix = f"{self._commit}:"
        hits = set()
        for raw in found.stdout.split(b"\0"):
            path = decode_path(raw).removeprefix(prefix)
            if path in py_files:
                hits.add(path)
        return sorted(hits)

    def close(self) -> None:
        """End the repository's git processes when this tree opened the repository itself."""
        if self._owned:
            self.repo.close()

    def __enter__(self) -> GitTree:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
