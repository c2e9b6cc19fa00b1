"""The `scan --format json` document (DESIGN.md §4, schema_version 1)."""

from __future__ import annotations

import json

from analyzers.model import Report


def render_json(report: Report) -> str:
    return json.dumps(report.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"
