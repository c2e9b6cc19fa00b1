"""PR comment, /audit replies, follow-up issues and the sweep issue: markers, content, limits."""

from __future__ import annotations

import pytest

from analyzers.model import Report, Verdict
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
from bot.render.markdown import BODY_LIMIT, gh_length
from tests.bot.render.reports import HEAD, affected_row, pull_request_report, safe_row, sweep_report


def test_pr_comment_carries_one_marker_and_the_table() -> None:
    body = render_pr_comment(pull_request_report(), check_run_url="https://github.com/o/r/runs/5")
    assert body.startswith(PR_COMMENT_MARKER + "\n### 🔴 lora-audit: 1 newly affected driver\n")
    assert body.count("<!--") == 1
    assert "| 🆕 new | `scripts/eval_ckpts.py:12` |" in body
    assert "(https://github.com/o/r/runs/5)" in body
    clean = render_pr_comment(pull_request_report(new=False))
    assert "✅ lora-audit: no affected driver added" in clean


def test_pr_comment_fits_a_comment() -> None:
    report = pull_request_report()
    report.drivers += [safe_row(f"m{index}.py") for index in range(3000)]
    for row in report.drivers:
        row.reason = "r" * 250
    report.recount()
    assert gh_length(render_pr_comment(report)) <= BODY_LIMIT


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
    assert "| 2 | 1 | `ckpt/frac_0.16` | `ckpt/frac_0.08` | **stale** |" in text.body
    assert "**code** `scripts/eval_ckpts.py:40@1111111`" in text.body
    assert "own `lora_int_id`" in text.body
    assert "`remove_lora(lora_int_id)`" in text.body
    assert "`load_inplace=True`" in text.body
    assert "line 40: `lora_int_id` = `1`, `lora_path` = `ckpt`" in text.body


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


def test_sweep_issue_has_chart_table_fix_commits_and_config_errors() -> None:
    text = render_sweep_issue(sweep_report(), repo="octo/demo")
    assert text.title == "lora-audit sweep: 1 affected driver"  # the ignored one not counted
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
    rows = [line for line in body.splitlines() if line.startswith("| `") and ".py:" in line]
    assert [line.split(" | ")[0] for line in rows] == [
        "| `legacy/old_eval.py:12`",
        "| `vendored/x.py:12`",
        "| `m.py:3`",
        "| `serve.py:3`",
    ]
    assert "ignored inline" in rows[1]
    assert "at HEAD · branches `main`, `exp/rl`" in rows[0]
    assert "| `298877f9c000` | distinct ids | yes | ❌ **no** |" in body
    assert "### Configuration problems" in body
    assert "larger than 20 MB" in body


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
