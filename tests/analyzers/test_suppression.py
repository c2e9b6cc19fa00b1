"""Inline `# lora-audit: ignore[...] reason` on a site line: the row stays, marked suppressed."""

from __future__ import annotations

from collections.abc import Callable

from analyzers.files.suppression import find_markers
from analyzers.model import Report, Verdict
from lora_audit.scan import exit_status

AuditFiles = Callable[..., Report]

LOOP = """\
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
for path in ["a", "b"]:
    request = LoRARequest("x", 1, path){marker}
    llm.generate(["q"], SamplingParams(), lora_request=request)
"""


def test_markers_are_read_with_verdicts_and_reasons() -> None:
    text = (
        "x = 1  # lora-audit: ignore[Affected] the engine is rebuilt by the caller\n"
        "y = 2  # lora-audit: ignore\n"
        "z = 3  # lora-audit: ignore[affected, Bogus]: see #12\n"
    )
    first, second, third = find_markers(text)
    assert (first.line, first.verdicts, first.reason) == (
        1,
        (Verdict.AFFECTED,),
        "the engine is rebuilt by the caller",
    )
    assert (second.verdicts, second.reason) == ((), None)
    assert (third.verdicts, third.unknown, third.reason) == (
        (Verdict.AFFECTED,),
        ("Bogus",),
        "see #12",
    )


def test_suppressed_row_is_kept_and_does_not_fail_the_scan(audit_files: AuditFiles) -> None:
    marker = "  # lora-audit: ignore[Affected] each path is a symlink to the same adapter"
    report = audit_files({"loop.py": LOOP.format(marker=marker)})
    row = report.drivers[0]
    assert row.verdict is Verdict.AFFECTED
    assert row.suppressed is not None
    assert row.suppressed.reason == "each path is a symlink to the same adapter"
    assert row.suppressed.line == 6
    assert report.counts[Verdict.AFFECTED] == 1
    assert exit_status([report], exit_zero=False) == 0


def test_an_ignore_without_a_reason_is_reported_not_honoured(audit_files: AuditFiles) -> None:
    report = audit_files({"loop.py": LOOP.format(marker="  # lora-audit: ignore[Affected]")})
    row = report.drivers[0]
    assert row.suppressed is None
    assert any("without a reason" in item.detail for item in row.evidence)
    assert exit_status([report], exit_zero=False) == 1


def test_an_ignore_for_another_verdict_does_not_apply(audit_files: AuditFiles) -> None:
    marker = "  # lora-audit: ignore[Indeterminate] reviewed"
    report = audit_files({"loop.py": LOOP.format(marker=marker)})
    assert report.drivers[0].suppressed is None
    assert exit_status([report], exit_zero=False) == 1
    assert exit_status([report], exit_zero=True) == 0
