"""SARIF 2.1.0 for GitHub code scanning: one result per non-safe driver, at its request site.

Affected is an error, Indeterminate a warning, No-realized-run a note. A suppressed row keeps its
result with an in-source suppression. URIs are relative to the repository when the scanned
folder is given relative to it (`lora-audit scan examples/stale-serve` from the repository root).
"""

from __future__ import annotations

import hashlib
import json
import posixpath
from typing import Any

from analyzers.model import TOOL_NAME, TOOL_VERSION, DriverRow, Report, Verdict
from analyzers.vllm import fixes

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://docs.vllm.ai/en/latest/features/lora.html"

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
        "level": "error",
    },
    Verdict.INDETERMINATE: {
        "id": "LORA002",
        "name": "UndecidedLoraDriver",
        "short": "Whether this driver serves stale LoRA adapters cannot be decided statically",
        "full": "The analysis could not decide this driver; the message names what is unknown.",
        "help": "Make the unknown explicit (a constant id scheme, a visible engine), or review it.",
        "level": "warning",
    },
    Verdict.NO_REALIZED_RUN: {
        "id": "LORA003",
        "name": "UnservedLoraRequests",
        "short": "LoRA requests are built but never served by an engine",
        "full": "Requests are built here (mocks, manifests) but no engine in this code serves them",
        "help": "No action is needed unless these requests are served elsewhere.",
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
        "help": {"text": rule["help"]},
        "defaultConfiguration": {"level": rule["level"]},
        "properties": {"verdict": verdict.value},
    }


def _uri(report: Report, path: str) -> str:
    root = report.root.replace("\\", "/")
    if root.startswith("/") or root in ("", ".") or "://" in root or ":" in root[:3]:
        return path
    return posixpath.normpath(posixpath.join(root, path))


def _result(report: Report, row: DriverRow, rule_index: int) -> dict[str, Any]:
    column = next((site.column for site in row.sites if site.line == row.line), 1)
    uri = _uri(report, row.path)
    result: dict[str, Any] = {
        "ruleId": _RULES[row.verdict]["id"],
        "ruleIndex": rule_index,
        "level": _RULES[row.verdict]["level"],
        "message": {"text": f"{row.verdict.value}: {row.reason}"},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": uri},
                    "region": {"startLine": max(row.line, 1), "startColumn": max(column, 1)},
                }
            }
        ],
        "partialFingerprints": {
            "loraAuditDriver/v1": hashlib.sha256(f"{uri}\0{row.verdict.value}".encode()).hexdigest()
        },
        "properties": {"verdict": row.verdict.value, "requests": row.requests, "stale": row.stale},
    }
    if row.bound is not None:
        result["properties"]["bound"] = row.bound
    if row.suppressed is not None:
        result["suppressions"] = [
            {"kind": "inSource", "justification": row.suppressed.reason or ""}
        ]
    return result


def _run(report: Report) -> dict[str, Any]:
    used = [verdict for verdict in _RULES if any(row.verdict is verdict for row in report.drivers)]
    index = {verdict: position for position, verdict in enumerate(used)}
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": TOOL_NAME,
                "version": TOOL_VERSION,
                "informationUri": INFORMATION_URI,
                "rules": [_rule(verdict) for verdict in used],
            }
        },
        "results": [
            _result(report, row, index[row.verdict])
            for row in report.drivers
            if row.verdict in index
        ],
        "columnKind": "unicodeCodePoints",
    }
    if report.commit:
        run["properties"] = {"commit": report.commit}
    return run


def render_sarif(reports: list[Report]) -> str:
    log = {"$schema": SCHEMA, "version": "2.1.0", "runs": [_run(report) for report in reports]}
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"
