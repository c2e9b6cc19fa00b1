"""The terminal table: one aligned line per driver with its reason below, verdict counts last.

Affected rows come first, then undecided ones, then the rest, each group by path. Colour (ANSI)
and width only as asked for: the CLI decides them from the terminal, `--color`, `FORCE_COLOR`
and `NO_COLOR` (https://no-color.org).
"""

from __future__ import annotations

import re
import textwrap

from analyzers.model import DriverRow, Report, Verdict
from analyzers.render.git_notes import report_notes, row_notes
from analyzers.vllm.version_plan import UNPINNED

_RESET = "\033[0m"
_COLOURS = {
    Verdict.AFFECTED: "\033[1;31m",
    Verdict.INDETERMINATE: "\033[33m",
    Verdict.NO_REALIZED_RUN: "\033[2m",
}
_SAFE = "\033[32m"
_WIDTH = 100
# Display order: what needs action first.
_ORDER = {Verdict.AFFECTED: 0, Verdict.INDETERMINATE: 1, Verdict.NO_REALIZED_RUN: 2}
UNREASONED_IGNORE = "ignore without a reason"
# Paths, reasons quoting the repository's code and the reasons of its `ignore` comments reach
# the terminal: an escape sequence in a file name could clear the screen, move the cursor or
# retitle the window, and a bidirectional override could make one path read as another. Each
# such character is shown as its Python escape instead (`\x1b`, `\u202e`).
_CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _inert(text: str) -> str:
    """`text` with every control character written as its escape, for a terminal."""
    return _CONTROLS.sub(lambda m: ascii(m.group())[1:-1], text)


def _wrap(text: str, width: int, indent: str, rest: str) -> list[str]:
    """Wrapped first, so its line breaks and tabs become spaces as they always did."""
    lines = textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=rest)
    return [_inert(line) for line in lines]


def display_order(rows: list[DriverRow]) -> list[DriverRow]:
    """Affected, then Indeterminate, then No-realized-run, then safe rows; by path within."""
    return sorted(rows, key=lambda row: (_ORDER.get(row.verdict, 3), row.path, row.line))


def is_finding(row: DriverRow) -> bool:
    """A row `--only-findings` keeps: anything but a safe verdict."""
    return not row.verdict.is_safe


def _paint(text: str, verdict: Verdict, color: bool) -> str:
    if not color:
        return text
    return f"{_COLOURS.get(verdict, _SAFE if verdict.is_safe else '')}{text}{_RESET}"


def _header(report: Report) -> str:
    parts = [f"lora-audit: {_inert(report.root)}"]
    if report.commit:
        parts.append(f"commit {report.commit[:7]}")
    if report.vllm_version:
        parts.append(f"vLLM {report.vllm_version} ({report.vllm_version_source})")
    else:
        parts.append(UNPINNED)
    return "  |  ".join(parts)


def _status(row: DriverRow) -> str:
    if row.suppressed is not None:
        return f"suppressed: {_inert(str(row.suppressed.reason))}"
    unreasoned = [item for item in row.evidence if UNREASONED_IGNORE in item.detail]
    if unreasoned:
        line = unreasoned[0].where.split("@")[0].rpartition(":")[2]
        return f"NOT suppressed: the ignore on line {line} gives no reason"
    if row.bound is not None:
        return f"bound {row.bound:.2g}"
    return ""


def render_table(
    report: Report, *, color: bool = False, width: int = _WIDTH, only_findings: bool = False
) -> str:
    width = max(width, 40)
    lines = [_header(report), ""]
    shown = display_order(
        [row for row in report.drivers if is_finding(row)] if only_findings else report.drivers
    )
    if not report.drivers:
        lines.append("No drivers found: no file builds vLLM LoRA requests or starts one that does.")
    elif not shown:
        lines.append(f"No findings: every one of the {len(report.drivers)} drivers is safe.")
    else:
        where = [f"{_inert(row.path)}:{row.line}" for row in shown]
        path_width = max(len("DRIVER"), *(len(text) for text in where))
        verdict_width = max(len(verdict.value) for verdict in Verdict)
        lines.append(
            f"{'DRIVER':<{path_width}}  {'VERDICT':<{verdict_width}}  {'REQ':>4}  {'STALE':>5}"
        )
        for text, row in zip(where, shown, strict=True):
            verdict = _paint(f"{row.verdict.value:<{verdict_width}}", row.verdict, color)
            status = _status(row)
            lines.append(
                f"{text:<{path_width}}  {verdict}  {row.requests:>4}  {row.stale:>5}"
                + (f"  {status}" if status else "")
            )
            lines += _wrap(row.reason, width, "    ", "    ")
            for note in row_notes(row):
                lines += _wrap(note, width, "    ", "      ")
    lines += [_inert(note) for note in report_notes(report)]
    for entry in report.skipped or []:
        lines.append(_inert(f"skipped {entry.where}: {entry.detail}"))
    for error in report.config_errors or []:
        lines.append(_inert(f"config: {error}"))
    for error in report.internal_errors or []:
        lines.append(_inert(f"internal error (its row is Indeterminate): {error}"))
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
