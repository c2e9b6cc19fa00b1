"""PR comment, /audit replies, follow-up issues and the sweep issue: markers, content, limits."""

from __future__ import annotations

import pytest

from analyzers.git.api import partial_note, partial_tips_note
from analyzers.git.history import HistoryScan
from analyzers.model import Report, Verdict, VerdictSpan
from bot.markers import PR_COMMENT_MARKER, SWEEP_ISSUE_MARKER, follow_up_marker, reply_marker
from bot.render import (
    render_command_failed,
    render_command_reply,
    render_follow_up_issue,
    render_follow_up_resolved,
    render_pr_comment,
    render_refusal,
    render_sweep_issue,
)
from bot.render.changes import Kind, compare_drivers
from bot.render.comment import COMMENT_LIMIT
from bot.render.links import RepoLinks
from bot.render.markdown import BODY_LIMIT, gh_length
from bot.render.sweep import new_findings, news_marker, render_sweep_news, sweep_findings
from tests.bot.render.reports import (
    BASE,
    HEAD,
    affected_row,
    pull_request_report,
    safe_row,
    sweep_report,
)

LINKS = RepoLinks("https://github.com", "octo/evals")


def test_pr_comment_lists_only_the_changed_drivers_and_says_what_to_do() -> None:
    body = render_pr_comment(
        pull_request_report(), check_run_url="https://github.com/o/r/runs/5", links=LINKS
    )
    heading = "### 🔴 lora-audit: this pull request adds 1 affected driver\n"
    assert body.startswith(f"{PR_COMMENT_MARKER}\n{heading}")
    assert body.count("<!--") == 1
    [what] = [line for line in body.splitlines() if line.startswith("**What to do:**")]
    assert what.count(". ") == 0
    assert what.endswith(".")
    rows = [line for line in body.splitlines() if line.startswith("| [")]
    assert rows == [
        f"| [`scripts/eval_ckpts.py:12`](https://github.com/octo/evals/blob/{HEAD}/scripts/"
        "eval_ckpts.py#L12) | 🔴 Affected | — | newly affected |",
        f"| [`gone.py`](https://github.com/octo/evals/blob/{BASE}/gone.py) | no longer a driver "
        "| 🔴 Affected | fixed |",
    ]
    # Drivers the pull request did not change are left to the check run.
    assert "serve.py" not in body
    assert "legacy/old_eval.py" not in body
    assert "1 affected driver already on the base branch" in body
    assert "(https://github.com/o/r/runs/5)" in body


def test_pr_comment_headings() -> None:
    clean = render_pr_comment(pull_request_report(new=False))
    assert "### ✅ lora-audit: this pull request fixes 1 driver" in clean
    report = pull_request_report(new=False)
    assert report.diff is not None
    report.diff.resolved = []
    assert "### ✅ lora-audit: no driver this pull request changed is affected" in (
        render_pr_comment(report)
    )
    base = Report(root=".", commit=BASE, drivers=[safe_row("m.py")])
    head = Report(root=".", commit=HEAD, drivers=[safe_row("m.py", Verdict.INDETERMINATE)])
    changes = compare_drivers(base, head)
    unknown = render_pr_comment(head, changes)
    assert "### 🟡 lora-audit: 1 driver this pull request changed cannot be checked" in unknown
    assert "Check the drivers marked 🟡 by hand" in unknown


def test_pr_comment_stays_a_few_kb_with_the_rest_in_the_check_run() -> None:
    report = pull_request_report()
    report.drivers += [safe_row(f"m{index}.py") for index in range(3000)]
    for row in report.drivers:
        row.reason = "r" * 250
    report.recount()
    base = Report(root=".", commit=BASE, drivers=[])
    body = render_pr_comment(report, compare_drivers(base, report), links=LINKS)
    assert gh_length(body) <= COMMENT_LIMIT
    assert "more in the check run |" in body
    assert "r" * 100 not in body  # reasons are the check run's job


def test_changes_between_base_and_head() -> None:
    base = Report(
        root=".",
        commit=BASE,
        drivers=[
            affected_row("fixed.py"),
            affected_row("still.py"),
            affected_row("undecided_now.py"),
            safe_row("unknown.py"),
            safe_row("same.py"),
            safe_row("untouched.py"),
            safe_row("moved_old.py"),
            safe_row("removed.py"),
        ],
    )
    head = Report(
        root=".",
        commit=HEAD,
        drivers=[
            safe_row("fixed.py"),
            affected_row("still.py"),
            safe_row("undecided_now.py", Verdict.INDETERMINATE),
            safe_row("unknown.py", Verdict.INDETERMINATE),
            safe_row("same.py"),
            safe_row("untouched.py"),
            safe_row("moved_new.py"),
            affected_row("new.py"),
            safe_row("added.py", Verdict.SAFE_BY_EVICTION),
        ],
    )
    changes = compare_drivers(
        base, head, renames={"moved_old.py": "moved_new.py"}, touched=["same.py"]
    )
    assert [(change.path, change.kind) for change in changes.changes] == [
        ("new.py", Kind.NEWLY_AFFECTED),
        ("undecided_now.py", Kind.NEWLY_INDETERMINATE),
        ("unknown.py", Kind.NEWLY_INDETERMINATE),
        ("fixed.py", Kind.FIXED),
        ("added.py", Kind.CHANGED),
        ("removed.py", Kind.CHANGED),
        ("same.py", Kind.CHANGED),
    ]
    assert changes.already_affected == 1
    assert changes.worth_saying
    quiet = compare_drivers(base, base, touched=["same.py"])
    assert [change.path for change in quiet.changes] == ["same.py"]
    assert not quiet.worth_saying


def test_command_reply_and_refusal() -> None:
    reply = render_command_reply(pull_request_report(), comment_id=77, command="/audit")
    assert reply.startswith(reply_marker(77))
    assert "**2 affected driver(s):**" in reply
    empty = render_command_reply(Report(root=".", commit=HEAD), comment_id=1, command="/audit")
    assert "No driver builds vLLM LoRA requests here." in empty
    refusal = render_refusal(comment_id=77, author="mallory", permission="read")
    assert refusal.startswith(reply_marker(77))
    assert "@mallory" in refusal
    assert "write access" in refusal
    failed = render_command_failed(comment_id=77, reason="clone failed")
    assert "clone failed" in failed
    assert "Comment `/audit` again" in failed


def test_follow_up_issue_has_marker_evidence_replay_and_fix() -> None:
    row = affected_row()
    text = render_follow_up_issue(row, pull_request_report())
    assert text.title == "lora-audit: scripts/eval_ckpts.py serves stale LoRA weights"
    assert text.body.startswith(follow_up_marker("scripts/eval_ckpts.py"))
    assert (
        "| 2 | 1 | `ckpt/frac_0.16` | `ckpt/frac_0.08` as loaded by request 1 | **stale** |"
        in text.body
    )
    assert "**code** `scripts/eval_ckpts.py:40@1111111`" in text.body
    assert "own `lora_int_id`" in text.body
    assert "`remove_lora(lora_int_id)`" in text.body
    assert "`load_inplace=True`" in text.body
    assert "- `scripts/eval_ckpts.py:40`: `lora_int_id` = `1`, `lora_path` = `ckpt`" in text.body
    linked = render_follow_up_issue(row, pull_request_report(), links=LINKS).body
    assert f"(https://github.com/octo/evals/blob/{HEAD}/scripts/eval_ckpts.py#L40)" in linked


@pytest.mark.parametrize(
    ("vllm", "note"),
    [
        ("0.11.0", "**not available** in the pinned vLLM 0.11.0"),
        ("0.20.0", "(available: vLLM 0.20.0 is pinned)"),
        (None, "this repository does not pin a version"),
    ],
)
def test_load_inplace_advice_follows_the_pinned_version(vllm: str | None, note: str) -> None:
    text = render_follow_up_issue(affected_row(), pull_request_report(vllm=vllm))
    assert note in text.body


def test_long_replays_are_excerpted() -> None:
    row = affected_row()
    row.replay = row.replay * 20
    body = render_follow_up_issue(row, pull_request_report()).body
    assert "48 more request(s) not shown" in body


def test_resolved_comment() -> None:
    fixed = safe_row("scripts/eval_ckpts.py")
    text = render_follow_up_resolved("scripts/eval_ckpts.py", fixed, fixed_in="f" * 40)
    assert text.startswith("Resolved as of `ffffffffffff`")
    assert "Safe-distinct-id" in text
    gone = render_follow_up_resolved("scripts/eval_ckpts.py", None, fixed_in="f" * 40)
    assert "no longer builds vLLM LoRA requests" in gone


def test_sweep_issue_has_chart_tables_fix_commits_and_config_errors() -> None:
    text = render_sweep_issue(sweep_report(), repo="octo/demo")
    # The ignored one is not a finding.
    assert (
        text.title == "lora-audit sweep: 1 affected driver and 1 undecided at HEAD or a branch tip"
    )
    body = text.body
    assert body.startswith(SWEEP_ISSUE_MARKER)
    chart = body[body.index("```mermaid") : body.index("```", body.index("```mermaid") + 3) + 3]
    assert chart.splitlines() == [
        "```mermaid",
        "pie showData title Drivers by verdict",
        '    "Affected" : 2',
        '    "Safe-distinct-id" : 1',
        '    "Indeterminate" : 1',
        "```",
    ]
    assert "| 🔴 Affected | 2 | 0 | 0 |" in body
    assert "No-realized-run" not in body  # only the verdicts present are counted
    needs = body[body.index("### Needs action") : body.index("### All drivers")]
    assert [line.split(" | ")[0] for line in needs.splitlines() if line.startswith("| `")] == [
        "| `legacy/old_eval.py:12`",
        "| `m.py:3`",
    ]
    assert "at HEAD · branches `main`, `exp/rl`" in needs
    everything = body[body.index("### All drivers") : body.index("### Fix commits")]
    rows = [line for line in everything.splitlines() if line.startswith("| `")]
    assert [line.split(" | ")[0] for line in rows] == [
        "| `legacy/old_eval.py:12`",
        "| `vendored/x.py:12`",
        "| `m.py:3`",
        "| `serve.py:3`",
    ]
    assert "ignored inline" in rows[1]
    assert "| `298877f9c000` | distinct ids | yes | ❌ **no** |" in body
    assert "### Configuration problems" in body
    assert "larger than 20 MB" in body


def _sweep_rows() -> Report:
    """One driver safe at HEAD but affected at a branch tip; one affected only in old history."""
    head = safe_row("eval.py")
    head.at_head, head.branches = True, ["main"]
    tip = affected_row("eval.py")
    tip.at_head, tip.branches, tip.commit = False, ["exp/rl"], "e" * 40
    old = affected_row("retired.py")
    old.at_head, old.branches, old.commit = False, [], "a" * 40
    old.history = [
        VerdictSpan(verdict=Verdict.AFFECTED, first_commit="a" * 12, last_commit="b" * 12)
    ]
    return Report(root=".", commit=HEAD, drivers=[head, tip, old])


def test_the_sweep_counts_drivers_and_acts_only_on_head_and_branch_tips() -> None:
    report = _sweep_rows()
    text = render_sweep_issue(report, repo="octo/demo", links=LINKS)
    assert text.title == "lora-audit sweep: 1 affected driver at HEAD or a branch tip"
    body = text.body
    assert "2 drivers found at HEAD" in body  # three rows, two drivers
    assert "| 🟢 Safe-distinct-id | 1 | 0 | 0 |" in body
    assert "| 🔴 Affected | 0 | 0 | 1 |" in body
    assert '    "Affected" : 1' in body
    assert '    "Safe-distinct-id" : 1' in body
    needs = body[body.index("### Needs action") : body.index("### All drivers")]
    [finding] = [line for line in needs.splitlines() if line.startswith("| [")]
    # The branch row links to the file at the branch tip.
    assert finding.startswith(
        f"| [`eval.py:12`](https://github.com/octo/evals/blob/{'e' * 40}/eval.py#L12) |"
    )
    assert "branches `exp/rl`" in finding
    assert "retired.py" not in needs
    assert [f.row.path for f in sweep_findings(report)] == ["eval.py"]


def test_a_sweep_of_old_history_alone_has_nothing_to_do() -> None:
    report = _sweep_rows()
    report.drivers = report.drivers[2:]
    text = render_sweep_issue(report, repo="octo/demo")
    assert text.title == "lora-audit sweep: nothing to fix at HEAD or on any branch"
    assert sweep_findings(report) == []


def test_a_sweep_cut_short_by_its_time_limit_says_how_far_it_got() -> None:
    report = _sweep_rows()
    assert "Partial sweep" not in render_sweep_issue(report, repo="octo/demo").body
    note = partial_note(HistoryScan(total=21_478, stopped_after=7_332), ".", 2484.0)
    tips = partial_tips_note(120, 483, ".", 2484.0)
    report.skipped = [note, tips]
    body = render_sweep_issue(report, repo="octo/demo").body
    lines = [line for line in body.splitlines() if line.startswith("**Partial sweep:**")]
    assert lines == [
        "**Partial sweep:** History audited for 7332 of 21478 commits (oldest first) within the "
        "time limit of 2484 s; HEAD and the branch tips were audited first. What was analysed "
        "is cached, so the next sweep gets further.",
        "**Partial sweep:** Branch tips audited: 120 of 483 (the most recently updated first) "
        "within the time limit of 2484 s; HEAD was audited in full. What was analysed is "
        "cached, so the next sweep gets further.",
    ]
    # Above what to act on, so a reader knows the old-history column is incomplete.
    assert body.index("**Partial sweep:**") < body.index("**What to do:**")


def test_new_findings_are_those_the_last_issue_did_not_mark() -> None:
    report = _sweep_rows()
    assert new_findings(report, None) == []  # a new issue announces itself
    assert new_findings(report, "an issue from before findings markers") == []
    before = render_sweep_issue(report, repo="octo/demo").body
    assert new_findings(report, before) == []
    more = _sweep_rows()
    extra = affected_row("new_loop.py")
    extra.at_head, extra.branches = True, ["main"]
    more.drivers.append(extra)
    [new] = new_findings(more, before)
    assert new.row.path == "new_loop.py"
    news = render_sweep_news([new], more, links=LINKS)
    assert news.startswith(news_marker([new], HEAD))
    assert "**New since the last sweep**" in news
    assert "new_loop.py:12" in news
    assert news_marker([new], HEAD) != news_marker([new], BASE)


def test_empty_sweep_has_no_chart() -> None:
    body = render_sweep_issue(Report(root=".", commit=HEAD), repo="o/r").body
    assert "```mermaid" not in body
    assert "No driver builds vLLM LoRA requests in this repository." in body


def test_huge_sweep_fits_an_issue() -> None:
    report = sweep_report()
    report.drivers += [
        safe_row(f"pkg/m{index}.py", Verdict.SAFE_BY_EVICTION) for index in range(4000)
    ]
    report.recount()
    text = render_sweep_issue(report, repo="o/r")
    assert gh_length(text.body) <= BODY_LIMIT
    assert text.body.count("```") % 2 == 0


def test_sweep_issue_offers_the_badge_when_the_public_url_is_known() -> None:
    without = render_sweep_issue(sweep_report(), repo="octo/demo").body
    assert "/badge/" not in without
    body = render_sweep_issue(
        sweep_report(), repo="octo/demo", public_url="https://audit.example.com/"
    ).body
    snippet = (
        "[![lora-audit](https://audit.example.com/badge/octo/demo.svg)](https://audit.example.com)"
    )
    assert f"    {snippet}" in body
