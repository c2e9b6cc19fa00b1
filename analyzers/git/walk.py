"""Every commit reachable from any ref, with what it changed: one streamed `git log` call.

Each commit comes with its raw diff against its first parent (a root commit, or a shallow clone's
boundary commit, against the empty tree), so the full file list of every commit can be rebuilt
in memory without one `ls-tree` per commit. `snapshots()` does that rebuild.
"""

from __future__ import annotations

import io
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import cast

from analyzers.files.runner import GitError, git_invocation
from analyzers.git.repository import GitRepository, TreeEntry, decode_path

_MARK = b"\x01"
_CHUNK = 1 << 20
_LOG_ARGS = (
    "log",
    "--date-order",
    "--no-show-signature",
    "--format=%x01%H %P",
    "--raw",
    "-z",
    "--no-abbrev",
    "--no-ext-diff",
    "--no-textconv",
    "--diff-merges=first-parent",
    "--ignore-submodules=none",
)
# Rename detection, most informative first. Similar-content renames read both blobs, which a
# partial or damaged mirror may lack; exact renames (`100%`) compare object ids only; and
# without renames a move is a delete and an add, which the history still reports correctly.
RENAME_MODES = ("--find-renames", "--find-renames=100%", "--no-renames")


@dataclass(frozen=True)
class Change:
    """One raw diff row: status A, M, D, T, R (rename) or C (copy); `old_path` for R and C."""

    status: str
    path: str
    old_path: str | None
    old_mode: str
    new_mode: str
    old_oid: str
    new_oid: str


@dataclass(frozen=True)
class CommitDelta:
    """A commit, its parents, and its changes against the first parent."""

    sha: str
    parents: tuple[str, ...]
    changes: tuple[Change, ...]

    def touched(self) -> Iterator[str]:
        for change in self.changes:
            yield change.path
            if change.old_path is not None:
                yield change.old_path


def walk_history(repo: GitRepository, revisions: Sequence[str] = ("--all",)) -> list[CommitDelta]:
    """All commits of `revisions` (default: every ref and HEAD), parents before children.

    When git cannot finish the walk with rename detection (a blob it would compare is missing),
    the walk is redone with a cheaper detection instead of failing the whole history.
    """
    for mode in RENAME_MODES:
        try:
            commits = list(stream_history(repo, revisions, renames=mode))
        except GitError as exc:
            if mode == RENAME_MODES[-1] or not _unreadable_object(exc):
                raise
            continue
        commits.reverse()
        return commits
    raise AssertionError("unreachable: the last mode returns or raises")


def _unreadable_object(exc: GitError) -> bool:
    text = exc.stderr.lower()
    return any(
        needle in text
        for needle in ("unable to read", "missing blob", "bad object", "could not read")
    )


def stream_history(
    repo: GitRepository, revisions: Sequence[str] = ("--all",), *, renames: str = RENAME_MODES[0]
) -> Iterator[CommitDelta]:
    """The same commits newest first, each as soon as git prints it (children before parents)."""
    how = git_invocation(repo.git_dir, *_LOG_ARGS, renames, *revisions, "--")
    with tempfile.TemporaryFile() as stderr:
        proc = subprocess.Popen(
            how.argv, stdout=subprocess.PIPE, stderr=stderr, cwd=how.cwd, env=how.env
        )
        out = cast(io.BufferedReader, proc.stdout)  # PIPE with default buffering
        try:
            yield from parse_log_tokens(_tokens(iter(lambda: out.read1(_CHUNK), b"")))
        finally:
            out.close()
            code = proc.wait()
        if code != 0:
            stderr.seek(0)
            raise GitError(how.argv, code, b"", stderr.read().decode("utf-8", "backslashreplace"))


def _tokens(chunks: Iterator[bytes]) -> Iterator[bytes]:
    """NUL-separated tokens of a byte stream that arrives in chunks."""
    rest = b""
    for chunk in chunks:
        parts = (rest + chunk).split(b"\0")
        rest = parts.pop()
        yield from parts
    if rest:
        yield rest


def _read_change(meta: bytes, tokens: Iterator[bytes]) -> Change:
    """One raw diff row from its meta token; its path token(s) are taken from `tokens`."""
    old_mode, new_mode, old_oid, new_oid, status = meta.lstrip(b"\n")[1:].decode().split()
    first = decode_path(next(tokens))
    old_path = None
    if status[0] in "RC":
        old_path, first = first, decode_path(next(tokens))
    return Change(status[0], first, old_path, old_mode, new_mode, old_oid, new_oid)


def parse_log_tokens(tokens: Iterator[bytes]) -> Iterator[CommitDelta]:
    """Commits from the tokens of `git log --format=%x01%H %P --raw -z`."""
    sha = ""
    parents: tuple[str, ...] = ()
    changes: list[Change] = []
    for raw in tokens:
        token = raw.lstrip(b"\n")
        if token.startswith(_MARK):
            if sha:
                yield CommitDelta(sha, parents, tuple(changes))
            ids = token[1:].decode("ascii").split()
            sha, parents, changes = ids[0], tuple(ids[1:]), []
        elif token.startswith(b":"):
            changes.append(_read_change(token, tokens))
        elif token:
            raise ValueError(f"unexpected git log output near {token[:80]!r}")
    if sha:
        yield CommitDelta(sha, parents, tuple(changes))


def parse_log(raw: bytes) -> list[CommitDelta]:
    """Parse a whole `git log --format=%x01%H %P --raw -z` output, in its order."""
    return list(parse_log_tokens(iter(raw.split(b"\0"))))


def diff_commits(repo: GitRepository, base: str, head: str) -> list[Change]:
    """What changed from `base` to `head` (renames detected), as raw diff rows."""
    for mode in RENAME_MODES:
        try:
            found = repo.run(
                "diff-tree", "-r", "-z", "--raw", "--no-abbrev", mode, base, head, "--"
            )
            break
        except GitError as exc:  # a compared blob is missing: detect renames more cheaply
            if mode == RENAME_MODES[-1] or not _unreadable_object(exc):
                raise
    tokens = iter(found.stdout.split(b"\0"))
    return [_read_change(token, tokens) for token in tokens if token.lstrip(b"\n").startswith(b":")]


def apply_changes(state: dict[str, TreeEntry], changes: Sequence[Change]) -> None:
    """Turn the first parent's file list into the commit's, in place."""
    for change in changes:
        if change.status == "R" and change.old_path is not None:
            state.pop(change.old_path, None)
        if change.status == "D":
            state.pop(change.path, None)
        else:
            state[change.path] = TreeEntry(change.new_mode, change.new_oid, None)


def snapshots(
    commits: Sequence[CommitDelta],
) -> Iterator[tuple[CommitDelta, dict[str, TreeEntry]]]:
    """Each commit with its full file list (path -> entry), in `commits` order.

    A list is handed on to the commit's last first-parent child and copied only at branch
    points, so a linear history costs one dictionary update per change, not a copy per commit.
    Do not keep a yielded dict past the next step: it may be changed in place.
    """
    pending: dict[str, int] = {}
    for commit in commits:
        if commit.parents:
            pending[commit.parents[0]] = pending.get(commit.parents[0], 0) + 1
    states: dict[str, dict[str, TreeEntry]] = {}
    for commit in commits:
        if commit.parents and commit.parents[0] in states:
            first = commit.parents[0]
            pending[first] -= 1
            state = states[first] if pending[first] == 0 else dict(states[first])
            if pending[first] == 0:
                del states[first]
        else:
            state = {}  # a root, or a shallow boundary (its parents are not in this clone)
        apply_changes(state, commit.changes)
        if pending.get(commit.sha):
            states[commit.sha] = state
        yield commit, state
