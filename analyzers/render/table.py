"""The terminal table: one aligned line per driver with its reason below, verdict counts last.

Colour (ANSI) only when asked for: the CLI asks when standard output is a TTY and `NO_COLOR`
is not set (https://no-color.org).
"""

from __future__ import annotations

import textwrap

from analyzers.model import DriverRow, Report, Verdict
from analyzers.render.git_notes import report_notes, row_notes

_RESET = "\033[0m"
_COLOURS = {
    Verdict.AFFECTED: "\033[1;31m",
    Verdict.INDETERMINATE: "\033[33m",
    Verdict.NO_REALIZED_RUN: "\033[2m",
}
_SAFE = "\033[32m"
_WIDTH = 100


def _paint(text: str, verdict: Verdict, color: bool) -> str:
    if not color:
        return text
    return f"{_COLOURS.get(verdict, _SAFE if verdict.is_safe else '')}{text}{_RESET}"


def _header(report: Report) -> str:
    parts = [f"lora-audit: {report.root}"]
    if report.commit:
        parts.append(f"commit {report.commit[:7]}")
    if report.vllm_version:
        parts.append(f"vLLM {report.vllm_version} ({report.vllm_version_source})")
    else:
        parts.append("vLLM version not pinned")
    return "  |  ".join(parts)


def _status(row: DriverRow) -> str:
    if row.suppressed is not None:
        return f"suppressed: {row.suppressed.reason}"
    if row.bound is not None:
        return f"bound {row.bound:.2g}"
    return ""


def render_table(report: Report, *, color: bool = False) -> str:
    lines = [_header(report), ""]
    if not report.drivers:
        lines.append("No drivers found: no file builds vLLM LoRA requests or starts one that does.")
    else:
        where = [f"{row.path}:{row.line}" for row in report.drivers]
        path_width = max(len("DRIVER"), *(len(text) for text in where))
        verdict_width = max(len(verdict.value) for verdict in Verdict)
        lines.append(
            f"{'DRIVER':<{path_width}}  {'VERDICT':<{verdict_width}}  {'REQ':>4}  {'STALE':>5}"
        )
        for text, row in zip(where, report.drivers, strict=True):
            verdict = _paint(f"{row.verdict.value:<{verdict_width}}", row.verdict, color)
            status = _status(row)
            lines.append(
                f"{text:<{path_width}}  {verdict}  {row.requests:>4}  {row.stale:>5}"
                + (f"  {status}" if status else "")
            )
            lines += textwrap.wrap(
                row.reason, _WIDTH, initial_indent="    ", subsequent_indent="    "
            )
            for note in row_notes(row):
                lines += textwrap.wrap(
                    note, _WIDTH, initial_indent="    ", subsequent_indent="      "
                )
    lines += report_notes(report)
    for entry in report.skipped or []:
        lines.append(f"skipped {entry.where}: {entry.detail}")
    for error in report.config_errors or []:
        lines.append(f"config: {error}")
    lines += ["", _counts(report, color)]
    return "\n".join(lines) + "\n"


def _counts(report: Report, color: bool) -> str:
    shown = [
        _paint(f"{count} {verdict.value}", verdict, color)
        for verdict, count in report.counts.items()
        if count
    ]
    total = len(report.drivers)
    noun = "driver" if total == 1 else "drivers"
    return f"{total} {noun}" + (": " + ", ".join(shown) if shown else "")
