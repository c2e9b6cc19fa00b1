"""`lora-audit scan PATH` with the git flags: --history, --all-branches, --base, --fix-commit.

PATH must be a git repository (a work tree's top folder or a bare mirror); the audit reads git
objects only, so uncommitted changes are not part of it. Analyses are kept in the same on-disk
cache as a plain scan (`analyzers/files/diskcache.py`), keyed by content. Problems with PATH or a
ref are usage errors: one line, exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from analyzers.audit import AuditOptions
from analyzers.files.config import CONFIG_PATH, FixCommitSpec, parse_config
from analyzers.files.diskcache import DiskCache
from analyzers.files.runner import GitError
from analyzers.git.api import audit_repository
from analyzers.git.fixes import check_fix_commits
from analyzers.git.repository import GitRepository, NotARepository, RefError
from analyzers.model import Evidence, Report

GIT_FLAGS = ("--history", "--all-branches", "--base", "--head", "--fix-commit")


class GitUsageError(Exception):
    """PATH is not a repository, a ref names no commit, or git itself failed."""


def wants_git(args: argparse.Namespace) -> bool:
    return bool(args.history or args.all_branches or args.base or args.head or args.fix_commit)


def _flags(args: argparse.Namespace) -> str:
    """The git flags given, as the subject of "need(s) one"."""
    given = [
        name
        for name, value in zip(
            GIT_FLAGS,
            (args.history, args.all_branches, args.base, args.head, args.fix_commit),
            strict=True,
        )
        if value
    ]
    if len(given) == 1:
        return f"{given[0]} needs one"
    return f"{', '.join(given[:-1])} and {given[-1]} need one"


def scan_git_path(path: str, args: argparse.Namespace, *, prog: str) -> Report:
    """The report for one PATH under the git flags; `GitUsageError` for bad input."""
    try:
        repo = GitRepository(Path(path))
    except NotARepository as exc:
        raise GitUsageError(f"{exc}; {_flags(args)}") from None
    options = AuditOptions(vllm_version=args.vllm_version)
    file_errors: list[str] = []
    if args.config:
        try:
            parsed = parse_config(Path(args.config).read_bytes())
        except OSError as exc:
            repo.close()
            raise GitUsageError(f"--config {args.config}: {exc.strerror}") from None
        options = AuditOptions(vllm_version=args.vllm_version, config=parsed.config)
        file_errors = parsed.errors
    try:
        with DiskCache() as cache:
            report = audit_repository(
                repo,
                options,
                head=args.head or "HEAD",
                base=args.base,
                history=args.history,
                all_branches=args.all_branches,
                fix_commits=args.fix_commit,
                cache=cache,
                label=path,
                read_config=not args.config,
            )
    except RefError as exc:
        raise GitUsageError(f"{path}: {exc}") from None
    except GitError as exc:
        hint = ""
        if repo.is_partial():
            hint = " (a partial clone: its missing objects are never fetched; use a full clone)"
        raise GitUsageError(f"{path}: git failed: {exc.first_line}{hint}") from None
    finally:
        repo.close()
    if file_errors:
        report.config_errors = [*(report.config_errors or []), *file_errors]
    for error in report.config_errors or []:
        print(f"{prog}: warning: {error}", file=sys.stderr)
    return report


def add_fix_commits(path: str, report: Report, specs: Sequence[FixCommitSpec]) -> None:
    """A plain folder scan with `fix_commits` configured: check them when PATH is a repository."""
    if not specs:
        return
    try:
        repo = GitRepository(Path(path))
    except NotARepository as exc:
        note = Evidence(
            kind="config", where=CONFIG_PATH, detail=f"fix commits not checked: {exc.why}"
        )
        report.skipped = [*(report.skipped or []), note]
        return
    with repo:
        check = check_fix_commits(repo, specs)
    report.fix_commits = check.fix_commits
    if check.notes:
        report.skipped = [*(report.skipped or []), *check.notes]
