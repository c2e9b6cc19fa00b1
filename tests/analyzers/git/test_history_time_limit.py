"""A history audit bounded in time (the App's sweep): HEAD in full, then the branch tips (newest
first) and the walk through older commits as far as the time allows, and notes that say how
far."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from analyzers.audit import AuditOptions
from analyzers.git.api import audit_history, audit_repository
from analyzers.git.history import PARTIAL_HISTORY, PARTIAL_TIPS, scan_history
from analyzers.git.repository import GitRepository
from analyzers.model import Evidence, Verdict
from tests.analyzers.git.scenarios import AFFECTED, FIXED, git_view
from tests.support.gitrepo import GitRepo

Opener = Callable[[Path], GitRepository]


def _history(repo: GitRepo) -> list[str]:
    """old.py Affected then deleted; eval.py Affected then fixed; a branch off HEAD whose
    tip adds an Affected try.py."""
    shas = [
        repo.commit("old loop", {"old.py": AFFECTED}),
        repo.commit("eval loop", {"eval.py": AFFECTED}),
    ]
    repo.remove("old.py")
    shas.append(repo.commit("drop the old loop"))
    shas.append(repo.commit("distinct ids", {"eval.py": FIXED}))
    repo.branch("experiment", shas[3])
    repo.checkout("experiment")
    shas.append(repo.commit("try again", {"try.py": AFFECTED}))
    repo.checkout("main")
    return shas


def _partial_notes(skipped: list[Evidence] | None) -> list[str]:
    return [
        entry.detail
        for entry in skipped or []
        if entry.kind == "history" and entry.detail.startswith(PARTIAL_HISTORY)
    ]


def test_time_to_spare_gives_the_unbounded_report(repo: GitRepo, open_repo: Opener) -> None:
    _history(repo)
    repository = open_repo(repo.path)
    unbounded = audit_history(repository, label="repo")
    bounded = audit_history(repository, label="repo", seconds=3600)
    assert bounded.model_dump() == unbounded.model_dump()
    assert not _partial_notes(bounded.skipped)
    assert {row.path for row in bounded.drivers} == {"eval.py", "old.py", "try.py"}


def test_no_time_for_history_still_audits_head_and_every_tip(
    repo: GitRepo, open_repo: Opener
) -> None:
    shas = _history(repo)
    repository = open_repo(repo.path)
    report = audit_history(repository, label="repo", seconds=0)
    rows = {row.path: row for row in report.drivers}
    # HEAD and the branch tip are whole: eval.py fixed at HEAD, try.py Affected on the branch.
    assert rows["eval.py"].verdict is Verdict.SAFE_DISTINCT_ID
    assert rows["eval.py"].at_head
    assert rows["try.py"].verdict is Verdict.AFFECTED
    assert rows["try.py"].branches == ["experiment"]
    # Only the walk was cut: old.py lived in commits it never reached, and the note says so.
    assert "old.py" not in rows
    assert _partial_notes(report.skipped) == [
        f"{PARTIAL_HISTORY}0 of {len(shas)} commits (oldest first) within the time limit of "
        "0 s; HEAD and the branch tips were audited first. What was analysed is cached, so "
        "the next sweep gets further"
    ]
    assert report.skipped is not None
    assert report.skipped[0].where == "repo"
    # The same rows as an audit of HEAD and the branches alone (no history asked for).
    tips_only = audit_repository(repository, all_branches=True, label="repo")
    assert git_view(report)["drivers"] == git_view(tips_only)["drivers"]


def test_the_walk_stops_at_the_deadline_and_counts_what_it_saw(
    repo: GitRepo, open_repo: Opener
) -> None:
    shas = _history(repo)
    repository = open_repo(repo.path)
    passed = scan_history(repository, AuditOptions(), cache={}, deadline=time.monotonic())
    assert (passed.stopped_after, passed.total, passed.order) == (0, len(shas), [])
    ahead = scan_history(repository, AuditOptions(), cache={}, deadline=time.monotonic() + 3600)
    assert (ahead.stopped_after, ahead.total, len(ahead.order)) == (None, len(shas), len(shas))
    assert ahead.audited + ahead.reused == len(shas)


def test_no_time_for_every_tip_audits_the_newest_first_and_says_how_many(
    repo: GitRepo, open_repo: Opener
) -> None:
    """Hundreds of branches (unsloth has 483) cannot all be audited within a sweep's time: the
    most recently updated come first, a tip at HEAD's commit costs nothing, and a note says how
    many were audited."""
    base = repo.commit("eval loop", {"eval.py": FIXED})
    repo.branch("stale", base)
    repo.checkout("stale")
    repo.commit("an old idea", {"idea.py": AFFECTED})  # the clock goes on: older than fresh
    repo.checkout("main")
    repo.branch("fresh", base)
    repo.checkout("fresh")
    repo.commit("a new idea", {"new.py": AFFECTED})
    repo.checkout("main")
    report = audit_history(open_repo(repo.path), label="repo", seconds=0)
    rows = {row.path: row for row in report.drivers}
    assert rows["new.py"].branches == ["fresh"]  # the newest tip, audited first
    assert "idea.py" not in rows  # the stale tip's turn never came
    assert rows["eval.py"].at_head
    notes = [
        entry.detail for entry in report.skipped or [] if entry.detail.startswith(PARTIAL_TIPS)
    ]
    assert notes == [
        f"{PARTIAL_TIPS}2 of 3 (the most recently updated first) within the time limit of 0 s; "
        "HEAD was audited in full. What was analysed is cached, so the next sweep gets further"
    ]
