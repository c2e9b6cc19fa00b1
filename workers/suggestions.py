"""Suggested changes on a pull request: `lora-audit fix`'s rewrite of each driver the pull
request makes affected, as a review comment on the lines it changed.

Only drivers the pull request newly affects get one, only when the rewrite touches nothing but
lines the pull request added or changed (a suggestion elsewhere could not be applied there), and
only once per driver and head commit (the comment's marker).
"""

from __future__ import annotations

import re
from collections.abc import MutableMapping

from analyzers.audit import AuditOptions
from analyzers.files.config import RepoConfig
from analyzers.fix.codemod import FileFix, fix_tree
from analyzers.fix.spans import changed_span
from analyzers.git.repository import GitRepository
from analyzers.git.tree import GitTree
from analyzers.model import DriverRow, Report
from bot.github import GitHubCallFailed, RepoOps
from bot.github.types import CommentRef, SuggestedChange
from bot.markers import suggestion_marker
from bot.render import newly_affected
from bot.render.suggestion import render_suggestion
from workers.execution import JobContext
from workers.git import run_git
from workers.repo_cache import Mirror

_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")
# Longer suggestions are hard to review in one click; the check run and `lora-audit fix` remain.
MAX_SUGGESTION_LINES = 60
MAX_SUGGESTIONS = 10  # per head commit: quiet, and each costs re-scans of the head tree


def added_lines(mirror: Mirror, base: str, head: str) -> dict[str, frozenset[int]]:
    """path -> the head-side lines the change between `base` and `head` adds or rewrites."""
    result = run_git(
        ["diff", "--no-color", "--no-ext-diff", "--no-textconv", "-U0", "-M", base, head],
        cwd=mirror.path,
    )
    lines: dict[str, set[int]] = {}
    path: str | None = None
    for text in result.stdout.splitlines():
        if text.startswith("+++ "):
            name = text[4:]
            path = name[2:] if name.startswith("b/") else None  # /dev/null, or a quoted name
            continue
        found = _HUNK.match(text)
        if found is not None and path is not None:
            start, count = int(found.group(1)), int(found.group(2) or "1")
            lines.setdefault(path, set()).update(range(start, start + count))
    return {name: frozenset(numbers) for name, numbers in lines.items()}


def suggest_fixes(
    ctx: JobContext,
    ops: RepoOps,
    *,
    mirror: Mirror,
    report: Report,
    config: RepoConfig,
    cache: MutableMapping[str, str],
    pull_number: int,
) -> list[CommentRef]:
    """Post a suggested change for each newly affected driver the codemod can fix in place."""
    if report.diff is None or not newly_affected(report):
        return []
    head = report.diff.head
    allowed = added_lines(mirror, report.diff.base, head)
    # A rewrite changes a request line (or the serve line before which it removes the id): a
    # driver none of whose such lines the pull request changed cannot get a suggestion.
    rows = {
        row.path: row
        for row in newly_affected(report)
        if _touched(row, allowed.get(row.path, frozenset()))
    }
    rows = dict(sorted(rows.items())[:MAX_SUGGESTIONS])
    if not rows:
        return []
    with GitRepository(mirror.path) as repo:
        tree = GitTree(repo, head, label=report.root)
        try:
            result = fix_tree(
                tree,
                AuditOptions(config=config),
                cache=cache,
                paths=set(rows),
                allowed_lines=allowed,
                report=report,  # head's audit, with head's configuration
            )
        finally:
            tree.close()
    for refused in result.refused:
        ctx.log.info("no suggested change for %s: %s", refused.path, refused.reason)
    posted = []
    every = {row.path: row for row in report.drivers}
    for fixed in result.fixed:  # a helper that builds a driver's requests may be fixed for it
        change = _suggested_change(fixed, rows.get(fixed.path) or every.get(fixed.path), head)
        if change is None:
            continue
        try:
            posted.append(ops.suggest_change(pull_number, change))
        except GitHubCallFailed as exc:  # e.g. 422: the line is not part of GitHub's diff
            ctx.log.warning("suggested change for %s refused by GitHub: %s", fixed.path, exc)
    return posted


def _touched(row: DriverRow, added: frozenset[int]) -> bool:
    lines = {site.line for site in row.sites}
    lines |= {
        int(line)
        for item in row.evidence
        for path, _, rest in [item.where.partition(":")]
        if path == row.path and (line := rest.partition("@")[0]).isdigit()
    }
    return bool(lines & added)


def _suggested_change(fixed: FileFix, row: DriverRow | None, head: str) -> SuggestedChange | None:
    span = changed_span(fixed.text("before"), fixed.text())
    if span is None or row is None or len(span.old_lines) > MAX_SUGGESTION_LINES:
        return None
    body = render_suggestion(
        row, done=fixed.rewrite.done, verdict=fixed.verdict.value, lines=span.lines
    )
    return SuggestedChange(
        path=fixed.path,
        commit_id=head,
        start_line=span.start,
        line=span.end,
        body=body,
        marker=suggestion_marker(head, fixed.path),
    )
