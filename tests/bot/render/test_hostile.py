"""Repository-controlled text is inert in every comment, issue and check run the App writes.

A path, a reason, an evidence line, a branch name, a replayed string or a fix commit's title can
be written by anyone who opens a pull request. None of them may mention a user, reference an
issue, make a live link, carry raw HTML, break a table row or fake one of the App's markers.
"""

from __future__ import annotations

import re

from analyzers.events import ReplayRecord
from analyzers.model import DiffSummary, Evidence, FixCommit, Report, Site
from bot.github.types import Annotation
from bot.render import (
    RepoLinks,
    compare_drivers,
    render_audit_failed,
    render_check_run,
    render_command_failed,
    render_command_reply,
    render_follow_up_issue,
    render_follow_up_resolved,
    render_pr_comment,
    render_sweep_issue,
    render_sweep_news,
    sweep_findings,
)
from tests.bot.render.reports import BASE, HEAD, affected_row, safe_row, sweep_report

EVIL = (
    "x`|@octocat` ``` #12 GH-3 octo/other#4 https://evil.example/a www.evil.example "
    "a@evil.example <img src=x onerror=alert(1)> [click](https://evil.example) ]()\n"
    "| forged | row | <!-- lora-audit:pr --> \\| \u202e"
)
LINKS = RepoLinks("https://github.com", "octo/evals")


def hostile_report() -> Report:
    row = affected_row(f"{EVIL}.py")
    row.reason = EVIL
    row.sites = [Site(line=40, column=1, id=EVIL, path=EVIL)]
    row.replay = [
        ReplayRecord(id=1, requested=EVIL, served=EVIL, loaded=True),
        ReplayRecord(id=1, requested="b" + EVIL, served=EVIL, stale=True),
        ReplayRecord(id=2, requested=EVIL, error=EVIL),
    ]
    row.evidence = [Evidence(kind="code", where=f"{EVIL}:3", detail=EVIL)]
    row.branches = [EVIL]
    row.at_head = True
    other = safe_row(EVIL)
    other.reason = EVIL
    report = Report(
        root=".",
        commit=HEAD,
        vllm_version=EVIL,
        drivers=[row, other],
        fix_commits=[FixCommit(sha="a" * 40, title=EVIL, exists=True, on_default_branch=False)],
        config_errors=[EVIL],
        skipped=[Evidence(kind="code", where=EVIL, detail=EVIL)],
    )
    report.diff = DiffSummary(
        base=BASE, head=HEAD, newly_affected=[row.path], resolved=[f"{EVIL}.old"]
    )
    return report


def _outside_code(markdown: str) -> str:
    """The text GitHub would scan for mentions, references and links: code spans removed."""
    without_links = re.sub(r"\]\(https://github\.com/octo/evals/blob/[^)\s]+\)", "]", markdown)
    return re.sub(r"(`+)(?:(?!\1).)+?\1", "", without_links.replace("\\`", ""))


MENTION = re.compile(r"(?<![\w`])@[A-Za-z0-9]")
REFERENCE = re.compile(r"(?<![\w])#\d|[\w.-]+/[\w.-]+#\d|\bGH-\d", re.IGNORECASE)
LINK = re.compile(r"https?://(?!github\.com/octo/evals/blob/)|\bwww\.|\w@\w", re.IGNORECASE)


def assert_inert(markdown: str) -> None:
    outside = _outside_code(markdown)
    assert not MENTION.search(outside), MENTION.search(outside)
    assert not REFERENCE.search(outside.replace("\\#", "#")), REFERENCE.search(outside)
    assert not LINK.search(outside), LINK.search(outside)
    assert "<img" not in outside  # inside a code span it is text
    assert "](" not in outside.replace("\\](", "")  # no link but ours
    assert "\u202e" not in markdown
    assert markdown.count("<!--") == len(
        re.findall(r"<!-- lora-audit:[a-z-]+[: ][^\n]*-->", markdown)
    )


def _table_cells(markdown: str) -> None:
    """Every table row has as many cells as its header (scanned as GitHub's splitter does)."""
    width = None
    for line in markdown.splitlines():
        if not line.startswith("|"):
            width = None
            continue
        cells, index, current = 0, 0, 0
        while index < len(line):
            if line[index] == "\\":
                index += 2
                continue
            if line[index] == "|":
                cells += 1
            index += 1
        current = cells
        if width is None:
            width = current
        assert current == width, line


def test_check_run_text_is_inert() -> None:
    output = render_check_run(hostile_report(), links=LINKS)
    for markdown in (output.summary, output.text or ""):
        assert_inert(markdown)
        _table_cells(markdown)
    failed = render_audit_failed(EVIL)
    assert_inert(failed.summary)


def test_annotations_are_inert_plain_text() -> None:
    output = render_check_run(hostile_report(), links=LINKS)
    assert output.annotations
    for annotation in output.annotations:
        assert isinstance(annotation, Annotation)
        assert "\n" not in annotation.message
        assert not MENTION.search(annotation.message)
        assert not LINK.search(annotation.message)
        assert not REFERENCE.search(annotation.message)


def test_pull_request_comment_and_replies_are_inert() -> None:
    report = hostile_report()
    base = Report(root=".", commit=BASE, drivers=[])
    for body in (
        render_pr_comment(report, links=LINKS),
        render_pr_comment(report, compare_drivers(base, report), links=LINKS),
        render_command_reply(report, comment_id=1, command=EVIL, links=LINKS),
        render_command_failed(comment_id=1, reason=EVIL),
    ):
        assert_inert(body)
        _table_cells(body)


def test_issues_are_inert() -> None:
    report = hostile_report()
    follow_up = render_follow_up_issue(report.drivers[0], report, links=LINKS)
    sweep = sweep_report()
    sweep.drivers += report.drivers
    sweep.recount()
    swept = render_sweep_issue(sweep, repo="octo/evals", links=LINKS)
    news = render_sweep_news(sweep_findings(sweep), sweep, links=LINKS)
    resolved = render_follow_up_resolved(EVIL, report.drivers[1], fixed_in=HEAD, report=report)
    for body in (follow_up.body, swept.body, news, resolved):
        assert_inert(body)
        _table_cells(body)
    for title in (follow_up.title, swept.title):
        assert "\n" not in title
        assert not MENTION.search(title)
        assert not LINK.search(title)
        assert not REFERENCE.search(title)
