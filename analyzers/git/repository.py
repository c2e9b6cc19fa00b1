"""A local git repository (work tree or bare mirror) read through git's plumbing, never checked out.

`GitRepository` resolves refs, lists branches and trees, and reads blobs through one shared
`git cat-file --batch`. It refuses a path that is not itself the top of a repository, so a
folder inside someone else's work tree is never audited as that repository.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from analyzers.files.directory import READ_LIMIT
from analyzers.files.runner import GitError, GitResult, run_git
from analyzers.git.catfile import CatFile, GitObject
from analyzers.git.refs import Branch, DefaultBranch, list_branches, pick_default_branch

# Larger blobs are never read at all, as in a folder (the parser has its own, smaller limit).
MAX_BLOB_BYTES = READ_LIMIT
_BLOB_CACHE_BYTES = 32 * 1024 * 1024


class NotARepository(Exception):
    """PATH is not a git repository (or not its top folder)."""

    def __init__(self, path: str | Path, why: str) -> None:
        super().__init__(f"{path} is not a git repository: {why}")
        self.path = str(path)
        self.why = why


class RefError(Exception):
    """A ref or sha that names no commit, or more than one."""

    def __init__(self, ref: str, why: str, matches: Sequence[str] = ()) -> None:
        super().__init__(f"{ref!r} {why}")
        self.ref = ref
        self.why = why
        self.matches = list(matches)


@dataclass(frozen=True)
class TreeEntry:
    """One `ls-tree` row: only mode 100xxx entries are files the analyzer may read."""

    mode: str
    oid: str
    size: int | None

    @property
    def is_file(self) -> bool:
        return self.mode.startswith("100")


class GitRepository:
    """A repository opened for reading; `close()` ends its cat-file process."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.git_dir, self.bare = _locate(self.path)
        self._catfile = CatFile(self.git_dir)
        self._blobs: OrderedDict[str, bytes] = OrderedDict()
        self._blob_bytes = 0
        self._lock = threading.Lock()

    def run(
        self,
        *args: str,
        ok: Sequence[int] = (0,),
        input: bytes | None = None,
        env: Mapping[str, str] | None = None,
    ) -> GitResult:
        return run_git(self.git_dir, *args, ok=ok, input=input, env=env)

    def head(self) -> str | None:
        """The commit HEAD names, or None in an empty repository (or an unborn branch)."""
        found = self.run("rev-parse", "--verify", "--quiet", "HEAD^{commit}", ok=(0, 1))
        if found.returncode != 0:
            return None
        return found.text.strip() or None

    def resolve(self, ref: str) -> str:
        """The full sha of the commit `ref` names; `RefError` when unknown or ambiguous."""
        found = self.run(
            "rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}", ok=(0, 1)
        )
        if found.returncode == 0:
            return found.text.strip()
        matches = self.commits_with_prefix(ref)
        if len(matches) > 1:
            raise RefError(ref, f"is ambiguous: it matches {len(matches)} commits", matches)
        raise RefError(ref, "names no commit in this repository")

    def commits_with_prefix(self, prefix: str) -> list[str]:
        """Every commit whose sha starts with `prefix` (hex, at least 4 digits), sorted."""
        text = prefix.strip().lower()
        if len(text) < 4 or not all(c in "0123456789abcdef" for c in text):
            return []
        listed = self.run("rev-parse", f"--disambiguate={text}", ok=(0, 1, 128))
        oids = listed.text.split()
        if not oids:
            return []
        checked = self.run(
            "cat-file", "--batch-check", input="".join(f"{oid}\n" for oid in oids).encode()
        )
        commits = []
        for line in checked.text.splitlines():
            fields = line.split()
            if len(fields) == 3 and fields[1] == "commit":
                commits.append(fields[0])
        return sorted(commits)

    def is_ancestor(self, ancestor: str, descendant: str) -> bool:
        found = self.run("merge-base", "--is-ancestor", ancestor, descendant, ok=(0, 1))
        return found.returncode == 0

    def subject(self, commit: str) -> str:
        return self.run("log", "-1", "--no-show-signature", "--format=%s", commit).text.strip()

    def is_shallow(self) -> bool:
        return self.run("rev-parse", "--is-shallow-repository").text.strip() == "true"

    def is_partial(self) -> bool:
        """A partial clone (`--filter`): some objects are missing, and this tool never fetches."""
        found = self.run(
            "config",
            "--get-regexp",
            r"^(extensions\.partialclone|remote\..*\.promisor)$",
            ok=(0, 1),
        )
        return any(not line.endswith(" false") for line in found.text.splitlines())

    def shallow_boundary(self) -> list[str]:
        """The commits whose parents a shallow clone does not have."""
        shallow = self.git_dir / "shallow"
        if not shallow.is_file():
            return []
        return sorted(line.strip() for line in shallow.read_text().splitlines() if line.strip())

    def branches(self) -> list[Branch]:
        return list_branches(self)

    def default_branch(self) -> DefaultBranch | None:
        return pick_default_branch(self)

    def tree_entries(self, commit: str) -> dict[str, TreeEntry]:
        """Every entry of `commit`'s tree, recursively, by posix path."""
        listed = self.run("ls-tree", "-r", "-z", "-l", "--full-tree", commit)
        entries: dict[str, TreeEntry] = {}
        for record in listed.stdout.split(b"\0"):
            if not record:
                continue
            meta, _, raw_path = record.partition(b"\t")
            mode, _kind, oid, size = meta.decode("ascii").split()
            entries[decode_path(raw_path)] = TreeEntry(
                mode, oid, int(size) if size.isdigit() else None
            )
        return entries

    def read_blob(self, oid: str, *, max_bytes: int = MAX_BLOB_BYTES) -> GitObject:
        """A blob's bytes through the shared cat-file process; recent reads are kept."""
        with self._lock:
            cached = self._blobs.get(oid)
            if cached is not None:
                self._blobs.move_to_end(oid)
                return GitObject(oid, "blob", len(cached), cached)
        found = self._catfile.read(oid, max_bytes=max_bytes)
        if found.data is not None:
            self.remember(oid, found.data)
        return found

    def remember(self, oid: str, data: bytes) -> None:
        """Keep a blob's bytes (bounded), so a later `read_blob` needs no git round trip."""
        with self._lock:
            if oid in self._blobs or len(data) > _BLOB_CACHE_BYTES // 8:
                return
            self._blobs[oid] = data
            self._blob_bytes += len(data)
            while self._blob_bytes > _BLOB_CACHE_BYTES:
                _, dropped = self._blobs.popitem(last=False)
                self._blob_bytes -= len(dropped)

    def close(self) -> None:
        self._catfile.close()

    def __enter__(self) -> GitRepository:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def decode_path(raw: bytes) -> str:
    """git paths are bytes; non-UTF-8 ones get a stable, printable spelling."""
    return raw.decode("utf-8", errors="backslashreplace")


def _locate(path: Path) -> tuple[Path, bool]:
    """(absolute git dir, is bare) for a repository whose top folder is exactly `path`."""
    if not path.is_dir():
        raise NotARepository(path, "no such directory")
    # Stop discovery at `path`: a folder inside another repository is not that repository.
    ceiling = {"GIT_CEILING_DIRECTORIES": str(path.resolve().parent)}
    try:
        found = run_git(
            None,
            "rev-parse",
            "--absolute-git-dir",
            "--is-bare-repository",
            "--show-prefix",
            cwd=path,
            env=ceiling,
        )
    except GitError as exc:
        why = exc.first_line
        if why.startswith("not a git repository"):
            why = "no repository here"  # discovery stops at `path` (GIT_CEILING_DIRECTORIES)
        raise NotARepository(path, why) from exc
    lines = found.text.splitlines()
    git_dir, bare = Path(lines[0]), lines[1] == "true"
    prefix = lines[2] if len(lines) > 2 else ""
    if bare and git_dir.resolve() != path.resolve():
        raise NotARepository(path, f"it is inside the repository at {git_dir}")
    if not bare and prefix:
        raise NotARepository(path, f"it is the folder {prefix.rstrip('/')} of a work tree")
    if not os.access(git_dir, os.R_OK):
        raise NotARepository(path, f"{git_dir} cannot be read")
    return git_dir, bare
