"""Check-run output: the conclusion rule, annotations of new findings only, GitHub's limits."""

from __future__ import annotations

import pytest

from analyzers.events import ReplayRecord
from analyzers.model import Evidence, Report, Suppression, Verdict
from bot.markers import PR_COMMENT_MARKER
from bot.render import decide_conclusion, newly_affected, render_audit_failed, render_check_run
from bot.render.check_run import ANNOTATION_TITLE
from bot.render.links import RepoLinks
from bot.render.markdown import CHECK_RUN_TEXT_LIMIT, gh_length
from tests.bot.render.reports import BASE, HEAD, affected_row, pull_request_report, safe_row


@pytest.mark.parametrize(
    ("new", "policy", "expected"),
    [(True, "failure", "failure"), (True, "neutral", "neutral"), (False, "failure", "success")],
)
def test_conclusion(new: bool, policy: str, expected: str) -> None:
    report = pull_request_report(new=new)
    assert decide_conclusion(report, policy) == expected  # type: ignore[arg-type]


def test_suppressed_new_finding_does_not_block() -> None:
    report = pull_request_report()
    report.drivers[0].suppressed = Suppression(verdicts=[Verdict.AFFECTED], reason="ok", line=40)
    assert decide_conclusion(report) == "success"
    assert render_check_run(report).annotations == ()


def test_without_a_base_every_affected_driver_is_new() -> None:
    report = Report(root=".", commit="c" * 40, drivers=[affected_row(), safe_row("s.py")])
    assert [row.path for row in newly_affected(report)] == ["scripts/eval_ckpts.py"]


def test_annotations_mark_request_sites_of_new_drivers_only() -> None:
    output = render_check_run(pull_request_report())
    assert output.title == "1 newly affected driver"
    assert [(item.path, item.start_line, item.end_line) for item in output.annotations] == [
        ("scripts/eval_ckpts.py", 40, 40)
    ]
    (annotation,) = output.annotations
    assert annotation.annotation_level == "failure"
    assert annotation.title == ANNOTATION_TITLE
    assert "lora_int_id=1" in annotation.message
    neutral = render_check_run(pull_request_report(), policy="neutral")
    assert {item.annotation_level for item in neutral.annotations} == {"warning"}


def test_many_sites_give_many_annotations() -> None:
    report = pull_request_report()
    report.drivers[0] = affected_row(sites=120)
    output = render_check_run(report)
    assert len(output.annotations) == 120
    assert [item.start_line for item in output.annotations] == list(range(40, 160))


def test_summary_lists_counts_and_old_findings() -> None:
    output = render_check_run(pull_request_report())
    assert "| 🔴 Affected | 2 |" in output.summary
    assert "| 🟢 Safe-distinct-id | 1 |" in output.summary
    assert "| 🆕 new | `scripts/eval_ckpts.py:12` |" in output.summary
    assert "| already on base | `legacy/old_eval.py:12` |" in output.summary
    assert "Resolved by this change: `gone.py`." in output.summary
    assert "vLLM 0.11.0 (from uv.lock)" in output.summary
    assert output.text is not None
    assert (
        "| 2 | 1 | `ckpt/frac_0.16` | `ckpt/frac_0.08` as loaded by request 1 | **stale** |"
        in output.text
    )
    assert "not available** in the pinned vLLM 0.11.0" in output.text


def test_nothing_new() -> None:
    output = render_check_run(pull_request_report(new=False))
    assert output.title == "No new findings (1 affected driver(s) already on the base)"
    assert output.annotations == ()
    assert output.text is None


def test_huge_reports_fit_githubs_limits() -> None:
    report = pull_request_report()
    report.drivers += [safe_row(f"pkg/module_{index:05}.py") for index in range(5000)]
    for row in report.drivers:
        row.reason = "long reason " * 40
    report.recount()
    output = render_check_run(report)
    assert gh_length(output.summary) <= CHECK_RUN_TEXT_LIMIT
    assert "not shown (GitHub's length limit)" in output.summary
    assert output.text is not None
    assert gh_length(output.text) <= CHECK_RUN_TEXT_LIMIT


def test_hostile_paths_cannot_break_the_table_or_fake_a_marker() -> None:
    report = pull_request_report()
    report.drivers[1].path = f"evil|{PR_COMMENT_MARKER}`x`\n| forged | row |.py"
    report.drivers[1].reason = "<!-- lora-audit:sweep --> | <img src=x>"
    output = render_check_run(report)
    assert "<!--" not in output.summary
    assert "<img" not in output.summary
    table = [line for line in output.summary.split("\n") if line.startswith("| ") and ".py" in line]
    assert len(table) == 3  # one line per driver, none forged


def test_audit_failed_output() -> None:
    output = render_audit_failed("git fetch timed out after 300 s")
    assert output.title == "The audit could not run"
    assert "git fetch timed out" in output.summary
    assert "`/audit`" in output.summary


LINKS = RepoLinks("https://github.example.com", "octo/evals")


def test_paths_link_to_the_file_at_the_head_commit() -> None:
    output = render_check_run(pull_request_report(), links=LINKS)
    url = f"https://github.example.com/octo/evals/blob/{HEAD}/scripts/eval_ckpts.py#L12"
    assert f"| 🆕 new | [`scripts/eval_ckpts.py:12`]({url}) |" in output.summary
    assert output.text is not None
    assert f"### [`scripts/eval_ckpts.py:12`]({url}) (Affected)" in output.text
    # Resolved drivers are gone at head: they link to the base.
    assert f"[`gone.py`](https://github.example.com/octo/evals/blob/{BASE}/gone.py)" in (
        output.summary
    )


def test_the_counts_table_lists_only_the_verdicts_present() -> None:
    summary = render_check_run(pull_request_report()).summary
    table = [line for line in summary.splitlines() if line.startswith("| ") and "|" in line[2:]]
    counted = [
        line for line in table if line.endswith(" |") and line.split(" | ")[-1][:-2].isdigit()
    ]
    assert counted == ["| 🔴 Affected | 2 |", "| 🟢 Safe-distinct-id | 1 |"]
    empty = render_check_run(Report(root=".", commit=HEAD)).summary
    assert "| Verdict |" not in empty
    assert "No driver builds vLLM LoRA requests here." in empty


def test_unpinned_wording_says_what_the_analysis_did() -> None:
    summary = render_check_run(pull_request_report(vllm=None)).summary
    assert "vLLM version not pinned: each verdict is the worst across vLLM releases" in summary
    assert "newest known release" not in summary


def test_related_lines_are_notices_next_to_the_request_line() -> None:
    report = pull_request_report()
    row = report.drivers[0]
    row.evidence = [
        Evidence(kind="code", where="scripts/eval_ckpts.py:40", detail="LoRARequest(id=1, path=p)"),
        Evidence(kind="code", where="scripts/eval_ckpts.py:44", detail="served a stale adapter"),
        Evidence(kind="code", where="helpers/load.py:7", detail="adapter that was served instead"),
        Evidence(kind="code", where="scripts/eval_ckpts.py:40", detail="adapter folder rewritten"),
    ]
    output = render_check_run(report)
    assert [(a.path, a.start_line, a.annotation_level, a.title) for a in output.annotations] == [
        ("scripts/eval_ckpts.py", 40, "failure", ANNOTATION_TITLE),
        ("scripts/eval_ckpts.py", 44, "notice", "vLLM serves a stale adapter here"),
        ("helpers/load.py", 7, "notice", "the adapter served instead was loaded here"),
    ]
    assert output.annotations[1].message.startswith(
        "Related to the request at scripts/eval_ckpts.py:12:"
    )


def test_same_path_new_weights_shows_where_the_served_weights_came_from() -> None:
    report = pull_request_report()
    row = report.drivers[0]
    row.replay = [
        ReplayRecord(
            id=1,
            requested="sync",
            served="sync",
            requested_content="w1+0",
            served_content="w1+0",
            loaded=True,
        ),
        ReplayRecord(
            id=1,
            requested="sync",
            served="sync",
            stale=True,
            requested_content="w2+0",
            served_content="w1+0",
        ),
    ]
    text = render_check_run(report).text
    assert text is not None
    assert (
        "| 2 | 1 | `sync` | `sync` as loaded by request 1 (same path, new weights) | **stale** |"
        in text
    )
    assert "w1+0" not in text
    assert "w2+0" not in text
