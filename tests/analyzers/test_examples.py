"""The bundled example repository, end to end through the console entry (README quick start)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = "examples/stale-serve"
EXPECTED = {
    "scripts/eval_trajectory.py": "Affected",
    "scripts/sweep_epochs.py": "Safe-by-eviction",
    "scripts/eval_panel.py": "Safe-single-adapter",
    "scripts/run_panels.py": "Safe-fresh-process",
    "scripts/eval_hashed.py": "Safe-probabilistic",
    "scripts/write_manifest.py": "No-realized-run",
}
REPORT_KEYS = {
    "schema_version", "tool", "root", "commit", "vllm_version", "vllm_version_source", "drivers",
    "counts",
}  # fmt: skip
ROW_KEYS = {
    "path", "line", "verdict", "reason", "sites", "engines", "replay", "requests", "stale",
    "bound", "evidence",
}  # fmt: skip


def _scan(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "lora_audit", "scan", EXAMPLE, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_example_repository_verdicts_exit_code_and_schema() -> None:
    result = _scan("--format", "json")
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    # repository_path: the example folder inside this repository (an addition to schema 1)
    assert set(report) == {*REPORT_KEYS, "repository_path"}
    assert report["repository_path"] == EXAMPLE
    assert report["root"] == EXAMPLE
    assert (report["vllm_version"], report["vllm_version_source"]) == ("0.11.0", "requirements.txt")
    assert {row["path"]: row["verdict"] for row in report["drivers"]} == EXPECTED
    for row in report["drivers"]:
        assert set(row) == ROW_KEYS, row["path"]
        for item in row["evidence"]:
            assert set(item) == {"kind", "where", "detail"}
    counts = report["counts"]
    assert sum(counts.values()) == 6
    assert counts["Affected"] == 1


def test_trajectory_eval_serves_the_first_checkpoint_five_times() -> None:
    report = json.loads(_scan("--format", "json").stdout)
    row = next(r for r in report["drivers"] if r["path"] == "scripts/eval_trajectory.py")
    assert (row["requests"], row["stale"]) == (6, 5)
    assert [r["requested"] for r in row["replay"]] == [
        f"checkpoints/frac_{f}" for f in ("0.08", "0.16", "0.33", "0.5", "0.66", "1.0")
    ]
    assert {r["served"] for r in row["replay"]} == {"checkpoints/frac_0.08"}
    assert [r["stale"] for r in row["replay"]] == [False, True, True, True, True, True]
    assert row["sites"] == [{"line": 36, "column": 19, "id": "1", "path": "checkpoint"}]
    assert row["engines"] == [] or all(engine["capacity"] == 1 for engine in row["engines"])


def test_hashed_ids_report_a_bound() -> None:
    report = json.loads(_scan("--format", "json").stdout)
    row = next(r for r in report["drivers"] if r["path"] == "scripts/eval_hashed.py")
    modulus = 2**31 - 1
    assert row["bound"] == (8 - 1) * 4 / modulus


def test_default_table_ends_with_the_counts() -> None:
    result = _scan()
    assert result.returncode == 1
    last = result.stdout.rstrip().splitlines()[-1]
    assert last.startswith("6 drivers: 1 Affected")
    assert "\033[" not in result.stdout  # not a TTY: no colour
