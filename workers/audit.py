"""The audits the tasks run on a mirror: a pull request, a default-branch push, a full sweep.

Thin wrappers over the git-aware audit (`analyzers.git.api`), which reads git objects only; the
configuration comes from `.github/lora-audit.yml` in the audited commit, and the analysis cache
is shared by every worker through Redis.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import dataclass, field

from analyzers.audit import AuditOptions
from analyzers.files.config import CONFIG_PATH, ConfigResult, RepoConfig, parse_config
from analyzers.files.source import SourceError
from analyzers.git.api import audit_commit, audit_commits, audit_history, audit_repository
from analyzers.git.compare import renamed
from analyzers.git.repository import GitRepository
from analyzers.git.tree import GitTree
from analyzers.git.walk import diff_commits
from analyzers.model import DiffSummary, Report
from workers.repo_cache import Mirror

ZERO_SHA = "0" * 40
Cache = MutableMapping[str, str]


def read_config(mirror: Mirror, sha: str) -> ConfigResult:
    """The repository config as of `sha` (defaults when absent; a broken file is reported)."""
    with GitRepository(mirror.path) as repo:
        tree = GitTree(repo, sha)
        try:
            if CONFIG_PATH not in tree.entries:
                return ConfigResult()
            return parse_config(tree.read(CONFIG_PATH))
        except SourceError as exc:
            return ConfigResult(found=True, errors=[f"{CONFIG_PATH}: cannot be read: {exc.why}"])
        finally:
            tree.close()


def _label(mirror: Mirror) -> str:
    return f"{mirror.owner}/{mirror.repo}"


def audit_pull_request(mirror: Mirror, base: str, head: str, cache: Cache) -> Report:
    """Head's drivers, and what changed since the merge base (GitHub's three-dot compare)."""
    return audit_commits(
        mirror.path, base, head, cache=cache, label=_label(mirror), merge_base=True
    )


def audit_base(mirror: Mirror, base: str, config: RepoConfig, cache: Cache) -> Report:
    """The base's drivers exactly as the pull-request audit judged them (with head's config).

    Its rows come from the shared analysis cache: the pull-request audit has just analysed them.
    """
    options = AuditOptions(config=config)
    return audit_repository(
        mirror.path, options, head=base, cache=cache, label=_label(mirror), read_config=False
    )


@dataclass(frozen=True)
class Changed:
    """The files a change touched, and its renames (base path -> head path)."""

    touched: frozenset[str] = frozenset()
    renames: dict[str, str] = field(default_factory=dict)


def changed_files(mirror: Mirror, base: str, head: str) -> Changed:
    with GitRepository(mirror.path) as repo:
        changes = diff_commits(repo, base, head)
    touched = {change.path for change in changes}
    touched |= {change.old_path for change in changes if change.old_path is not None}
    return Changed(frozenset(touched), renamed(changes))


def audit_push(mirror: Mirror, before: str, after: str, cache: Cache) -> Report:
    """The default branch at `after` against `before` (`diff` lists what the push changed).

    A push that created the branch has no `before`: every affected driver counts as new.
    """
    if before != ZERO_SHA and mirror.has_commit(before):
        return audit_commits(mirror.path, before, after, cache=cache, label=_label(mirror))
    report = audit_commit(mirror.path, after, cache=cache, label=_label(mirror))
    report.diff = DiffSummary(
        base=before,
        head=after,
        newly_affected=[row.path for row in report.affected],
    )
    return report


def audit_sweep(mirror: Mirror, cache: Cache, seconds: float | None = None) -> Report:
    """HEAD (the default branch), every commit of every branch, and each branch tip; with
    `seconds`, HEAD in full, then the tips (newest first) and the history as far as they get
    in that time."""
    return audit_history(
        mirror.path, all_branches=True, cache=cache, label=_label(mirror), seconds=seconds
    )
