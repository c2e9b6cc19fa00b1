"""Every commit reachable from any ref, oldest first, with what it changed: one `git log` call.

Each commit comes with its raw diff against its first parent (a root commit, or a shallow clone's
boundary commit, against the empty tree), so the full file list of every commit can be rebuilt
in memory without one `ls-tree` per commit. `snapshots()` does that rebuild.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from analyzers.git.repository import GitRepository, TreeEntry, decode_path

_MARK = b"\x01"
_LOG_ARGS = (
    "log",
    "--date-order",
    "--reverse",
    "--no-show-signature",
    "--format=%x01%H %P",
    "--raw",
    "-z",
    "--no-abbrev",
    "--no-ext-diff",
    "--no-textconv",
    "--diff-merges=first-parent",
    "--find-renames",
    "--ignore-submodules=none",
)


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
    """All commits of `revisions` (default: every ref and HEAD), parents before children."""
    found = repo.run(*_LOG_ARGS, *revisions, "--")
    return parse_log(found.stdout)


def parse_log(raw: bytes) -> list[CommitDelta]:
    """Parse `git log --format=%x01%H %P --raw -z` output."""
    tokens = raw.split(b"\0")
    commits: list[CommitDelta] = []
    sha = ""
    parents: tuple[str, ...] = ()
    changes: list[Change] = []
    i = 0
    while i < len(tokens):
        token = tokens[i].lstrip(b"\n")
        i += 1
        if token.startswith(_MARK):
            if sha:
                commits.append(CommitDelta(sha, parents, tuple(changes)))
            ids = token[1:].decode("ascii").split()
            sha, parents, changes = ids[0], tuple(ids[1:]), []
        elif token.startswith(b":"):
            old_mode, new_mode, old_oid, new_oid, status = token[1:].decode("ascii").split()
            first = decode_path(tokens[i])
            i += 1
            old_path = None
            if status[0] in "RC":
                old_path, first = first, decode_path(tokens[i])
                i += 1
            changes.append(Change(status[0], first, old_path, old_mode, new_mode, old_oid, new_oid))
        elif token:
            raise ValueError(f"unexpected git log output near {token[:80]!r}")
    if sha:
        commits.append(CommitDelta(sha, parents, tuple(changes)))
    return commits


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
