"""Audit every commit reachable from any ref, reading each blob once and re-auditing only on change.

One `git log --raw` gives every commit's changes; one `git cat-file --batch` pass scans every
Python blob for the prefilter needles. Commits are then visited parents first. A commit whose
changes cannot alter any answer its first parent's audit received (see `deps.py`) reuses that
report outright; any other commit is audited through `audit_tree` with the shared content cache,
so a driver version (driver blob + the blobs of the helpers it followed) is analysed once.
"""

from __future__ import annotations

import time
from collections.abc import Collection, MutableMapping
from dataclasses import dataclass, field

from analyzers.audit import UNREAD, AuditOptions, audit_tree
from analyzers.files.encoding import COOKIE_NEEDLES
from analyzers.files.notebook import is_source
from analyzers.files.progress import advance
from analyzers.files.source import PROCESS_NEEDLES
from analyzers.git.deps import Dependencies, RecordingTree
from analyzers.git.needles import NeedleIndex
from analyzers.git.repository import GitRepository
from analyzers.git.tree import GitTree
from analyzers.git.walk import CommitDelta, snapshots, walk_history
from analyzers.model import Report, Verdict
from analyzers.vllm.api import PREFILTER_NEEDLES

# How a note on a time-limited walk that stopped early begins (`api.partial_note`): the sweep
# issue shows it above its tables.
PARTIAL_HISTORY = "history audited for "
PARTIAL_TIPS = "branch tips audited: "  # a sweep whose time ran out before every tip


@dataclass
class Sighting:
    """Where one driver path had one verdict: first and last commit (in history order)."""

    verdict: Verdict
    first: int
    last: int
    commits: int
    first_line: int


@dataclass(frozen=True)
class Rename:
    """A Python file git saw renamed (similar content under a new path) in `commit`."""

    commit: str
    old: str
    new: str


@dataclass
class HistoryScan:
    """What the walk saw: commits in order, each driver path's verdicts, and wanted reports."""

    order: list[str] = field(default_factory=list)
    sightings: dict[str, dict[Verdict, Sighting]] = field(default_factory=dict)
    reports: dict[str, Report] = field(default_factory=dict)
    versions: dict[str, set[str]] = field(default_factory=dict)
    renames: list[Rename] = field(default_factory=list)
    # (path, why) -> the first commit where a candidate file could not be read (a blob missing
    # from a partial mirror): reported once in the sweep, never the end of it
    unread: dict[tuple[str, str], str] = field(default_factory=dict)
    audited: int = 0
    reused: int = 0
    total: int = 0  # the commits of the walk, visited or not
    # the commits visited before the deadline, when it stopped the walk (None: it visited all)
    stopped_after: int | None = None

    def record(self, position: int, sha: str, report: Report, blobs: dict[str, str]) -> None:
        for entry in report.skipped or []:
            if entry.kind == "artifact" and entry.detail.startswith(UNREAD):
                self.unread.setdefault((entry.where, entry.detail), sha)
        for row in report.drivers:
            self.versions.setdefault(row.path, set()).add(blobs.get(row.path, ""))
            seen = self.sightings.setdefault(row.path, {})
            sighting = seen.get(row.verdict)
            if sighting is None:
                seen[row.verdict] = Sighting(row.verdict, position, position, 1, row.line)
            else:
                sighting.last = position
                sighting.commits += 1


def read_history(repo: GitRepository) -> tuple[list[CommitDelta], NeedleIndex]:
    """Every commit (parents first) and a needle index of every Python blob they introduce."""
    commits = walk_history(repo)
    index = NeedleIndex(repo, (*PREFILTER_NEEDLES, *PROCESS_NEEDLES, *COOKIE_NEEDLES))
    index.scan(
        change.new_oid
        for commit in commits
        for change in commit.changes
        if change.status != "D" and change.new_mode.startswith("100") and is_source(change.path)
    )
    return commits, index


def scan_history(
    repo: GitRepository,
    options: AuditOptions,
    *,
    cache: MutableMapping[str, str] | None = None,
    wanted: Collection[str] = (),
    label: str | None = None,
    deadline: float | None = None,
) -> HistoryScan:
    """Audit every commit of every ref (and HEAD); keep the full reports of `wanted` commits.

    With a `deadline` (`time.monotonic()`), the walk stops at the first commit it reaches
    after it, parents first, so the commits it saw are each audited in full
    (`stopped_after` says how many): a sweep bounded in time reports what it covered."""
    commits, index = read_history(repo)
    pending: dict[str, int] = {}
    for commit in commits:
        if commit.parents:
            pending[commit.parents[0]] = pending.get(commit.parents[0], 0) + 1
    memo: dict[str, tuple[Report, Dependencies]] = {}
    scan = HistoryScan(total=len(commits))
    for position, (commit, state) in enumerate(snapshots(commits)):
        if deadline is not None and time.monotonic() >= deadline:
            scan.stopped_after = position
            break
        advance("auditing commits", position, len(commits))
        scan.order.append(commit.sha)
        scan.renames += [
            Rename(commit.sha, change.old_path, change.path)
            for change in commit.changes
            if change.status == "R" and change.old_path and is_source(change.path)
        ]
        parent = commit.parents[0] if commit.parents else None
        previous = memo.get(parent) if parent else None
        if parent and parent in memo:
            pending[parent] -= 1
            if pending[parent] == 0:
                del memo[parent]
        reusable = previous is not None and commit.sha not in wanted  # wanted: cite themselves
        if (
            previous is not None
            and reusable
            and previous[1].unchanged_by(commit.changes, index.matches)
        ):
            report, deps = previous
            scan.reused += 1
        else:
            tree = GitTree(repo, commit.sha, entries=state, needle_index=index, label=label)
            recorder = RecordingTree(tree)
            report = audit_tree(recorder, options, cache=cache)
            deps = recorder.dependencies()
            scan.audited += 1
        blobs = {row.path: state[row.path].oid for row in report.drivers if row.path in state}
        scan.record(position, commit.sha, report, blobs)
        if commit.sha in wanted:
            scan.reports[commit.sha] = report
        if pending.get(commit.sha):
            memo[commit.sha] = (report, deps)
    return scan
