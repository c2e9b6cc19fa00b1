"""The table and Markdown show where rows lived, the diff and the fix commits."""

from __future__ import annotations

from analyzers.git.api import audit_repository
from analyzers.render.git_notes import report_notes, row_notes
from analyzers.render.markdown import render_markdown
from analyzers.render.table import render_table
from tests.analyzers.git.scenarios import AFFECTED, FIXED, short
from tests.support.gitrepo import GitRepo


def test_git_notes_in_table_and_markdown(repo: GitRepo) -> None:
    first = repo.commit("affected", {"eval.py": AFFECTED, "gone.py": AFFECTED})
    repo.remove("gone.py")
    fixed = repo.commit("fix, and drop gone.py", {"eval.py": FIXED})
    report = audit_repository(
        repo.path, history=True, all_branches=True, base=first, fix_commits=[fixed[:9]]
    )
    a, f = short(first), short(fixed)
    rows = [row_notes(row) for row in report.drivers]
    assert rows == [
        ["branches: main", f"history: Affected {a}..{a}; Safe-distinct-id {f}..{f}"],
        [f"not at HEAD (this row: {a})", f"history: Affected {a}..{a}"],
    ]
    summary = report_notes(report)
    assert summary == [
        f"compared with base {a} (head {f}):",
        "  newly affected: none",
        "  resolved: eval.py, gone.py",
        "  still affected: none",
        f"fix commit {f} 'fix, and drop gone.py': on the default branch",
    ]

    table = render_table(report).splitlines()
    for row, notes in zip(report.drivers, rows, strict=True):
        start = next(i for i, line in enumerate(table) if line.startswith(f"{row.path}:"))
        after = table[start + 1 :]
        end = next(i for i, line in enumerate(after) if not line.startswith("    "))
        assert after[:end][-len(notes) :] == [f"    {note}" for note in notes]
    assert table[-len(summary) - 2 :] == [*summary, "", "2 drivers: 1 Affected, 1 Safe-distinct-id"]

    markdown = render_markdown(report)
    assert f"<br>not at HEAD (this row: {a})<br>history: Affected {a}..{a} |" in markdown
    assert "```\n" + "\n".join(summary) + "\n```" in markdown


def test_a_plain_report_has_no_git_notes(repo: GitRepo) -> None:
    repo.commit("affected", {"eval.py": AFFECTED})
    report = audit_repository(repo.path)
    assert [row_notes(row) for row in report.drivers] == [[]]
    assert report_notes(report) == []
