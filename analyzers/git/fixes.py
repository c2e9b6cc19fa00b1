"""Fix commits: does each configured or given fix exist, and has it reached the default branch?

The original audit found a fix that never reached `main`; this is that check. An unknown or an
ambiguous sha is a finding to report, never a crash.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from analyzers.files.config import CONFIG_PATH, FixCommitSpec
from analyzers.git.refs import DefaultBranch
from analyzers.git.repository import GitRepository, RefError
from analyzers.git.tree import short_sha
from analyzers.model import Evidence, FixCommit

FLAG_SOURCE = "--fix-commit"


@dataclass(frozen=True)
class FixCheck:
    """The report's `fix_commits` entries, plus notes (for `skipped`) on what stays uncertain."""

    fix_commits: list[FixCommit]
    notes: list[Evidence]


def _describe_default(default: DefaultBranch) -> str:
    if default.how == "detached":
        return f"the detached HEAD {short_sha(default.sha)} (no default branch is known)"
    return f"the default branch {default.name} ({short_sha(default.sha)})"


def check_fix_commits(
    repo: GitRepository,
    specs: Sequence[FixCommitSpec],
    *,
    flag_shas: Sequence[str] = (),
    default: DefaultBranch | None = None,
) -> FixCheck:
    """Check configured fixes (`specs`) and `--fix-commit` shas against the default branch.

    `default` defaults to `repo.default_branch()`. Entries keep their order (configured first);
    a flag that names a configured commit again is not listed twice.
    """
    if default is None:
        default = repo.default_branch()
    shallow = repo.is_shallow()
    requests = [(spec.sha, spec.title, CONFIG_PATH) for spec in specs]
    requests += [(sha.strip().lower(), None, FLAG_SOURCE) for sha in flag_shas]
    rows: list[FixCommit] = []
    notes: list[Evidence] = []
    seen: set[str] = set()
    for given, title, source in requests:
        try:
            sha = repo.resolve(given)
        except RefError as exc:
            if given in seen:
                continue
            seen.add(given)
            rows.append(FixCommit(sha=given, title=title, exists=False, on_default_branch=False))
            detail = f"fix commit {given} {exc.why}"
            if exc.matches:
                shown = ", ".join(short_sha(m) for m in exc.matches)
                detail += f" ({shown}); give more digits"
            elif shallow:
                detail += "; this is a shallow clone, so it may be older than the history present"
            notes.append(Evidence(kind="config", where=source, detail=detail))
            continue
        if sha in seen:
            continue
        seen.add(sha)
        on_default = default is not None and repo.is_ancestor(sha, default.sha)
        rows.append(
            FixCommit(
                sha=sha,
                title=title if title is not None else repo.subject(sha),
                exists=True,
                on_default_branch=on_default,
            )
        )
        where = f"{source}@{short_sha(sha)}"
        if default is None:
            notes.append(
                Evidence(kind="config", where=where, detail="no default branch to check against")
            )
        elif not on_default and (shallow or default.how == "detached"):
            detail = f"fix commit {short_sha(sha)} is not an ancestor of "
            detail += _describe_default(default)
            if shallow:
                detail += "; shallow clone: only the history present was searched"
            notes.append(Evidence(kind="history", where=where, detail=detail))
    return FixCheck(rows, notes)
