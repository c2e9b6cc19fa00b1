"""The git-aware audits that the CLI and the workers call: pure, local git only, no checkout.

- `audit_commit`: one commit (HEAD by default), like `scan PATH` on a checkout of it.
- `audit_commits`: base versus head (a pull request); adds `diff`.
- `audit_history`: every driver in every commit of every ref (the weekly sweep; with branch tips).
- `audit_branches`: the drivers at every branch tip.
- `audit_repository`: any combination of the above (what `lora-audit scan` uses).

Each takes the repository path (a work tree or a bare mirror) or an open `GitRepository`, the
`AuditOptions`, and an optional content cache (`str -> str`, keyed by blob ids) shared across
calls, so unchanged drivers are never analysed twice. The configuration is read from
`.github/lora-audit.yml` in the audited (head) commit unless `read_config=False`; fix commits
come from it and from `fix_commits`.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import MutableMapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from analyzers.audit import AuditOptions, audit_tree
from analyzers.files.config import CONFIG_PATH, ConfigResult, parse_config
from analyzers.files.source import SourceError
from analyzers.git.compare import classify
from analyzers.git.fixes import check_fix_commits
from analyzers.git.history import PARTIAL_HISTORY, PARTIAL_TIPS, HistoryScan, scan_history
from analyzers.git.refs import Branch, recent_first
from analyzers.git.repository import GitRepository, RefError
from analyzers.git.rows import Tip, assemble_rows
from analyzers.git.tree import GitTree, short_sha
from analyzers.git.walk import diff_commits
from analyzers.model import Evidence, Report

Cache = MutableMapping[str, str]


def _commit_config(tree: GitTree) -> ConfigResult:
    if CONFIG_PATH not in tree.entries:
        return ConfigResult()
    try:
        return parse_config(tree.read(CONFIG_PATH))
    except SourceError as exc:
        return ConfigResult(found=True, errors=[f"{CONFIG_PATH}: cannot be read: {exc.why}"])


def _empty_note(label: str) -> Evidence:
    return Evidence(
        kind="history", where=label, detail="HEAD names no commit yet (empty repository)"
    )


def partial_tips_note(done: int, total: int, label: str, seconds: float) -> Evidence:
    return Evidence(
        kind="history",
        where=label,
        detail=(
            f"{PARTIAL_TIPS}{done} of {total} (the most recently updated first) within the time "
            f"limit of {seconds:.0f} s; HEAD was audited in full. What was analysed is cached, "
            "so the next sweep gets further"
        ),
    )


def partial_note(scan: HistoryScan, label: str, seconds: float) -> Evidence:
    done, total = scan.stopped_after or 0, scan.total
    return Evidence(
        kind="history",
        where=label,
        detail=(
            f"{PARTIAL_HISTORY}{done} of {total} commits (oldest first) within the time limit "
            f"of {seconds:.0f} s; HEAD and the branch tips were audited first. What was "
            "analysed is cached, so the next sweep gets further"
        ),
    )


def _shallow_note(repo: GitRepository, label: str) -> Evidence:
    boundary = repo.shallow_boundary()
    shown = ", ".join(short_sha(sha) for sha in boundary[:5])
    more = f" and {len(boundary) - 5} more" if len(boundary) > 5 else ""
    return Evidence(
        kind="history",
        where=label,
        detail=(
            f"shallow clone: history before {shown}{more} is not present, so drivers that "
            "lived only in older commits are not reported"
        ),
    )


def audit_repository(
    repo: str | Path | GitRepository,
    options: AuditOptions | None = None,
    *,
    head: str = "HEAD",
    base: str | None = None,
    history: bool = False,
    all_branches: bool = False,
    fix_commits: Sequence[str] = (),
    cache: Cache | None = None,
    label: str | None = None,
    read_config: bool = True,
    merge_base: bool = False,
    history_seconds: float | None = None,
) -> Report:
    """Audit `head` of `repo`, plus whatever the flags ask for, into one report.

    `history_seconds` bounds a history audit in time (the App's sweep runs under a task time
    limit): HEAD is audited first, in full, then the branch tips (the most recently updated
    first) and the walk through the history, until that many seconds from the start; a note
    says how far each got.

    Raises `NotARepository`, `RefError` (an unknown or ambiguous `head`/`base`) or `GitError`.
    """
    started = time.monotonic()
    if not isinstance(repo, GitRepository):
        with GitRepository(repo) as opened:
            return audit_repository(
                opened,
                options,
                head=head,
                base=base,
                history=history,
                all_branches=all_branches,
                fix_commits=fix_commits,
                cache=cache,
                label=label if label is not None else str(repo),
                read_config=read_config,
                merge_base=merge_base,
                history_seconds=history_seconds,
            )
    run = _Run(
        repo,
        options if options is not None else AuditOptions(),
        cache if cache is not None else {},
        label if label is not None else str(repo.path),
    )
    unborn = head == "HEAD" and repo.head() is None
    if unborn and base is not None:
        raise RefError("HEAD", "names no commit yet (empty repository): nothing to compare")
    head_tree = None if unborn else GitTree(repo, head, label=run.label)
    config = _commit_config(head_tree) if head_tree is not None and read_config else ConfigResult()
    if config.found:
        run.options = dataclasses.replace(run.options, config=config.config)
    notes: list[Evidence] = [_empty_note(run.label)] if unborn else []
    if repo.is_shallow() and (history or base is not None):
        notes.append(_shallow_note(repo, run.label))

    base_report: Report | None = None
    if base is not None and head_tree is not None:  # (unborn HEAD with a base raised above)
        # Base first: on a pull request it is usually what the last push already audited, so it
        # comes from the cache, and head's changed drivers are then analysed once.
        base_sha = _base_commit(repo, base, head_tree.commit, merge_base=merge_base)
        base_report = run.audit(base_sha)
    branches = repo.branches() if all_branches else []
    scan: HistoryScan | None = None
    head_report: Report | None = None
    tips: list[Tip] | None = None
    if history and history_seconds is not None:
        # What matters now first, in full; the walk through older commits gets the time left.
        if head_tree is not None:
            head_report = audit_tree(head_tree, run.options, cache=run.cache)
        deadline = started + history_seconds
        if all_branches:
            tips = run.tips_within(branches, deadline, head_report)
            if len(tips) < len(branches):
                notes.append(
                    partial_tips_note(len(tips), len(branches), run.label, history_seconds)
                )
        scan = scan_history(repo, run.options, cache=run.cache, label=run.label, deadline=deadline)
        if scan.stopped_after is not None:
            notes.insert(0, partial_note(scan, run.label, history_seconds))
    elif history:
        wanted = {b.sha for b in branches} | ({head_tree.commit} if head_tree else set())
        scan = scan_history(repo, run.options, cache=run.cache, wanted=wanted, label=run.label)
        head_report = scan.reports[head_tree.commit] if head_tree is not None else None
    elif head_tree is not None:
        head_report = audit_tree(head_tree, run.options, cache=run.cache)
    if tips is None and all_branches:
        tips = [run.tip(branch, scan) for branch in branches]

    report = head_report.model_copy(deep=True) if head_report else Report(root=run.label)
    report.root = run.label
    if scan is not None or tips is not None:
        report.drivers = assemble_rows(head_report, tips=tips, scan=scan, audit=run.audit)
        report.recount()
    if base_report is not None and head_tree is not None and head_report is not None:
        base_sha, head_sha = base_report.commit or "", head_tree.commit
        changes = diff_commits(repo, base_sha, head_sha)
        report.diff = classify(
            base_report, head_report, changes, base_sha=base_sha, head_sha=head_sha
        )
    if config.config.fix_commits or fix_commits:
        check = check_fix_commits(repo, config.config.fix_commits, flag_shas=fix_commits)
        report.fix_commits = check.fix_commits
        notes += check.notes
    if scan is not None:
        notes += _unread_notes(scan, report)
    if notes:
        report.skipped = [*(report.skipped or []), *notes]
    if config.errors:
        report.config_errors = [*(report.config_errors or []), *config.errors]
    return report


_UNREAD_SHOWN = 50


def _unread_notes(scan: HistoryScan, report: Report) -> list[Evidence]:
    """Files some commit could not read (beyond those the head report lists), once each."""
    at_head = {(entry.where, entry.detail) for entry in report.skipped or []}
    found = [(key, sha) for key, sha in scan.unread.items() if key not in at_head]
    notes = [
        Evidence(kind="history", where=f"{path}@{short_sha(sha)}", detail=why)
        for (path, why), sha in found[:_UNREAD_SHOWN]
    ]
    if len(found) > _UNREAD_SHOWN:
        notes.append(
            Evidence(
                kind="history",
                where=report.root,
                detail=f"{len(found) - _UNREAD_SHOWN} more files could not be read in some commit",
            )
        )
    return notes


@dataclass
class _Run:
    """One audit's repository, options, cache and label."""

    repo: GitRepository
    options: AuditOptions
    cache: Cache
    label: str

    def audit(self, sha: str) -> Report:
        tree = GitTree(self.repo, sha, label=self.label)
        return audit_tree(tree, self.options, cache=self.cache)

    def tips_within(
        self, branches: list[Branch], deadline: float, head: Report | None
    ) -> list[Tip]:
        """The tips audited before `deadline` (at least one, and every tip at a commit already
        audited), the most recently updated first, each commit once (HEAD's from `head`); in
        the order of `branches`."""
        reports: dict[str, Report] = {head.commit: head} if head and head.commit else {}
        done: dict[str, Tip] = {}
        for branch in recent_first(self.repo, branches):
            if branch.sha not in reports:
                if done and time.monotonic() >= deadline:
                    continue  # a tip at a commit already audited costs nothing: still taken
                reports[branch.sha] = self.audit(branch.sha)
            done[branch.ref] = Tip(branch.name, reports[branch.sha])
        return [done[branch.ref] for branch in branches if branch.ref in done]

    def tip(self, branch: Branch, scan: HistoryScan | None) -> Tip:
        found = scan.reports.get(branch.sha) if scan is not None else None
        return Tip(branch.name, found if found is not None else self.audit(branch.sha))


def _base_commit(repo: GitRepository, base: str, head_sha: str, *, merge_base: bool) -> str:
    base_sha = repo.resolve(base)
    if merge_base:
        found = repo.run("merge-base", base_sha, head_sha, ok=(0, 1))
        base_sha = found.text.strip() or base_sha
    return base_sha


def audit_commit(
    repo: str | Path | GitRepository,
    commit: str = "HEAD",
    options: AuditOptions | None = None,
    *,
    cache: Cache | None = None,
    fix_commits: Sequence[str] = (),
    label: str | None = None,
) -> Report:
    """One commit's drivers (HEAD by default), as a plain scan of that commit would give."""
    return audit_repository(
        repo, options, head=commit, cache=cache, fix_commits=fix_commits, label=label
    )


def audit_commits(
    repo: str | Path | GitRepository,
    base: str,
    head: str = "HEAD",
    options: AuditOptions | None = None,
    *,
    cache: Cache | None = None,
    fix_commits: Sequence[str] = (),
    label: str | None = None,
    merge_base: bool = False,
) -> Report:
    """A pull request's audit: head's rows plus `diff` against `base` (or, with `merge_base`,
    against the merge base of the two, as GitHub's three-dot compare does)."""
    return audit_repository(
        repo,
        options,
        head=head,
        base=base,
        cache=cache,
        fix_commits=fix_commits,
        label=label,
        merge_base=merge_base,
    )


def audit_history(
    repo: str | Path | GitRepository,
    options: AuditOptions | None = None,
    *,
    all_branches: bool = True,
    cache: Cache | None = None,
    fix_commits: Sequence[str] = (),
    label: str | None = None,
    seconds: float | None = None,
) -> Report:
    """Every driver that ever existed in any commit of any ref, with where each verdict held;
    with `all_branches` (the default: the weekly sweep) also the drivers at each branch tip.
    `seconds` bounds the branch tips and the walk through the history in time
    (`audit_repository`)."""
    return audit_repository(
        repo,
        options,
        history=True,
        all_branches=all_branches,
        cache=cache,
        fix_commits=fix_commits,
        label=label,
        history_seconds=seconds,
    )


def audit_branches(
    repo: str | Path | GitRepository,
    options: AuditOptions | None = None,
    *,
    cache: Cache | None = None,
    fix_commits: Sequence[str] = (),
    label: str | None = None,
) -> Report:
    """HEAD's drivers and those at every branch tip, each row naming its branches."""
    return audit_repository(
        repo, options, all_branches=True, cache=cache, fix_commits=fix_commits, label=label
    )
