"""The report contract: verdict spellings, counts, and keys that must always be present."""

from __future__ import annotations

import json

from analyzers.model import DriverRow, Report, Verdict

SPELLINGS = [
    "Affected",
    "Safe-distinct-id",
    "Safe-single-adapter",
    "Safe-fresh-process",
    "Safe-by-eviction",
    "Safe-probabilistic",
    "No-realized-run",
    "Indeterminate",
]


def test_verdict_spellings_are_the_contract() -> None:
    assert [v.value for v in Verdict] == SPELLINGS


def test_counts_hold_all_eight_keys_even_when_empty() -> None:
    data = json.loads(Report(root=".").model_dump_json())
    assert data["counts"] == dict.fromkeys(SPELLINGS, 0)
    assert data["commit"] is None
    assert "diff" not in data
    assert "fix_commits" not in data


def test_counts_follow_the_rows() -> None:
    rows = [
        DriverRow(path="a.py", line=1, verdict=Verdict.AFFECTED, reason="r"),
        DriverRow(path="b.py", line=1, verdict=Verdict.AFFECTED, reason="r"),
        DriverRow(path="c.py", line=1, verdict=Verdict.INDETERMINATE, reason="r"),
    ]
    data = json.loads(Report(root=".", drivers=rows).model_dump_json())
    assert data["counts"]["Affected"] == 2
    assert data["counts"]["Indeterminate"] == 1
    assert sum(data["counts"].values()) == 3


def test_driver_row_keeps_null_bound_and_drops_unset_extensions() -> None:
    row = json.loads(
        DriverRow(
            path="a.py", line=3, verdict=Verdict.SAFE_DISTINCT_ID, reason="r"
        ).model_dump_json()
    )
    assert row["bound"] is None
    assert set(row) == {
        "path",
        "line",
        "verdict",
        "reason",
        "sites",
        "engines",
        "replay",
        "requests",
        "stale",
        "bound",
        "evidence",
    }


def test_report_round_trips() -> None:
    report = Report(
        root=".", drivers=[DriverRow(path="a.py", line=1, verdict=Verdict.AFFECTED, reason="r")]
    )
    again = Report.model_validate_json(report.model_dump_json())
    assert again == report
