"""SARIF 2.1.0 that GitHub code scanning accepts: one run, one result per non-safe driver.

- One run per log, whatever the number of PATHs (code scanning takes one run per tool and
  category in an upload); several reports are merged into it.
- URIs are relative to the repository's top, whatever folder or file was given
  (`Report.repository_path`); outside a repository, relative to the folder as given.
- Affected is an error, Indeterminate a warning, No-realized-run a note. A suppressed row keeps
  its result as an accepted in-source suppression at level `note`, never an open error.
- The line where vLLM serves the stale adapter and the line that loaded the adapter served
  instead are `relatedLocations`; each rule's `help.markdown` is the fix table of
  `analyzers/vllm/fixes.py`.
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import re
from typing import Any
from urllib.parse import quote

from analyzers.model import TOOL_NAME, TOOL_VERSION, DriverRow, Report, Verdict
from analyzers.render.related import related_lines
from analyzers.vllm import fixes

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
PROJECT_URI = "https://github.com/lora-audit/lora-audit"
INFORMATION_URI = PROJECT_URI
HELP_URI = f"{PROJECT_URI}#auditing-a-repository"
_ESCAPED_BYTE = re.compile(r"\\x([0-9a-f]{2})")


def _fix_markdown() -> str:
    lines = [fixes.WHY, "", "Fix it in one of these ways:", ""]
    for entry in fixes.FIXES:
        condition = f" (needs {entry.condition()})" if entry.since else ""
        lines.append(f"- {entry.advice}{condition}.")
    lines += ["", f"More: {HELP_URI}"]
    return "\n".join(lines)


_RULES: dict[Verdict, dict[str, Any]] = {
    Verdict.AFFECTED: {
        "id": "LORA001",
        "name": "StaleLoraAdapter",
        "short": "A LoRA adapter request is served an earlier adapter's weights",
        "full": (
            "vLLM caches LoRA adapters by lora_int_id alone; this driver reuses an id for a "
            "different adapter (or a rewritten folder) while the old one is still cached, so "
            "the request silently gets the old weights."
        ),
        "help": fixes.one_sentence(),
        "markdown": _fix_markdown(),
        "level": "error",
    },
    Verdict.INDETERMINATE: {
        "id": "LORA002",
        "name": "UndecidedLoraDriver",
        "short": "Whether this driver serves stale LoRA adapters cannot be decided statically",
        "full": "The analysis could not decide this driver; the message names what is unknown.",
        "help": "Make the unknown explicit (a constant id scheme, a visible engine), or review it.",
        "markdown": (
            "The message names what the analysis could not see (an id computed at run time, an "
            "engine built elsewhere, a file it could not read). Make it visible to the analysis "
            "(a literal id scheme, the engine in the same repository) or review the driver by "
            "hand; once checked, keep it out of the exit status with "
            "`# lora-audit: ignore[Indeterminate] <why>` on the request line.\n\n"
            f"More: {HELP_URI}"
        ),
        "level": "warning",
    },
    Verdict.NO_REALIZED_RUN: {
        "id": "LORA003",
        "name": "UnservedLoraRequests",
        "short": "LoRA requests are built but never served by an engine",
        "full": "Requests are built here (mocks, manifests) but no engine in this code serves them",
        "help": "No action is needed unless these requests are served elsewhere.",
        "markdown": (
            "No engine in this repository serves the requests built here (a mock stands in "
            "for vLLM, or they are written to a manifest). No action is needed unless another "
            "program serves them; audit that program too.\n\n"
            f"More: {HELP_URI}"
        ),
        "level": "note",
    },
}


def _rule(verdict: Verdict) -> dict[str, Any]:
    rule = _RULES[verdict]
    return {
        "id": rule["id"],
        "name": rule["name"],
        "shortDescription": {"text": rule["short"]},
        "fullDescription": {"text": rule["full"]},
        "help": {"text": rule["help"], "markdown": rule["markdown"]},
        "helpUri": HELP_URI,
        "defaultConfiguration": {"level": rule["level"]},
        "properties": {
            "verdict": verdict.value,
            "tags": ["correctness", "vllm", "lora"],
            "precision": "high" if verdict is Verdict.AFFECTED else "medium",
            "problem.severity": {"error": "error", "warning": "warning"}.get(
                rule["level"], "recommendation"
            ),
        },
    }


def repository_uri(report: Report, path: str) -> str:
    """A row or evidence path as a URI relative to the repository's top."""
    if report.repository_path is not None:
        joined = posixpath.join(report.repository_path, path) if report.repository_path else path
        relative = posixpath.normpath(joined)
    else:
        root = report.root.replace("\\", "/")
        if root.startswith("/") or root in ("", ".") or "://" in root or ":" in root[:3]:
            relative = posixpath.normpath(path)
        else:
            relative = posixpath.normpath(posixpath.join(root, path))
    return quote(_on_disk(relative), safe="/")


def _on_disk(shown: str) -> bytes:
    """The bytes of a path shown with `\\xNN` escapes (a name that is not UTF-8)."""
    out = bytearray()
    position = 0
    for match in _ESCAPED_BYTE.finditer(shown):
        out += shown[position : match.start()].encode("utf-8")
        out.append(int(match.group(1), 16))
        position = match.end()
    out += shown[position:].encode("utf-8")
    return bytes(out)


def _location(uri: str, line: int, column: int | None = None) -> dict[str, Any]:
    region: dict[str, int] = {"startLine": max(line, 1)}
    if column is not None:
        region["startColumn"] = max(column, 1)
    return {"physicalLocation": {"artifactLocation": {"uri": uri}, "region": region}}


def _result(report: Report, row: DriverRow, rule_index: int) -> dict[str, Any]:
    column = next((site.column for site in row.sites if site.line == row.line), 1)
    uri = repository_uri(report, row.path)
    level = _RULES[row.verdict]["level"]
    result: dict[str, Any] = {
        "ruleId": _RULES[row.verdict]["id"],
        "ruleIndex": rule_index,
        "level": level if row.suppressed is None else "note",
        "message": {"text": f"{row.verdict.value}: {row.reason}"},
        "locations": [_location(uri, row.line, column)],
        "partialFingerprints": {
            "loraAuditDriver/v1": hashlib.sha256(f"{uri}\0{row.verdict.value}".encode()).hexdigest()
        },
        "properties": {"verdict": row.verdict.value, "requests": row.requests, "stale": row.stale},
    }
    related = [
        {"id": index, **_location(repository_uri(report, path), line), "message": {"text": text}}
        for index, (path, line, text) in enumerate(related_lines(row), start=1)
    ]
    if related:
        result["relatedLocations"] = related
        result["message"]["text"] += " " + "; ".join(
            f"[{item['message']['text']}]({item['id']})" for item in related
        )
    if row.bound is not None:
        result["properties"]["bound"] = row.bound
    if report.commit:
        result["properties"]["commit"] = report.commit
    if row.suppressed is not None:
        result["suppressions"] = [
            {
                "kind": "inSource",
                "status": "accepted",
                "justification": row.suppressed.reason or "",
            }
        ]
    return result


def _notifications(reports: list[Report]) -> list[dict[str, Any]]:
    out = []
    for report in reports:
        for text in report.internal_errors or []:
            out.append({"level": "error", "message": {"text": f"internal error: {text}"}})
        for text in report.config_errors or []:
            out.append({"level": "warning", "message": {"text": text}})
        for entry in report.skipped or []:
            out.append(
                {"level": "note", "message": {"text": f"skipped {entry.where}: {entry.detail}"}}
            )
    return out


def render_sarif(reports: list[Report]) -> str:
    """One SARIF log with one run holding every report's results."""
    rows = [(report, row) for report in reports for row in report.drivers]
    used = [verdict for verdict in _RULES if any(row.verdict is verdict for _, row in rows)]
    index = {verdict: position for position, verdict in enumerate(used)}
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": TOOL_NAME,
                "version": TOOL_VERSION,
                "semanticVersion": TOOL_VERSION,
                "informationUri": INFORMATION_URI,
                "rules": [_rule(verdict) for verdict in used],
            }
        },
        "invocations": [
            {
                "executionSuccessful": not any(report.internal_errors for report in reports),
                "toolExecutionNotifications": _notifications(reports),
            }
        ],
        "results": [
            _result(report, row, index[row.verdict]) for report, row in rows if row.verdict in index
        ],
        "columnKind": "unicodeCodePoints",
    }
    commits = sorted({report.commit for report in reports if report.commit})
    if commits:
        run["properties"] = {"commits": commits}
    log = {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"
