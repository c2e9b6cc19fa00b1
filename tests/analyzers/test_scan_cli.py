"""`lora-audit scan` through the real console entry in a subprocess: output, exit codes, errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.analyzers.conftest import copy_driver

CLI = [sys.executable, "-m", "lora_audit", "scan"]


def scan(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CLI, *args], capture_output=True, text=True, timeout=120, check=False, cwd=cwd
    )


def test_json_report_and_exit_one_for_an_affected_driver(tmp_path: Path) -> None:
    copy_driver("p06_checkpoint_loop_one_id.py", tmp_path)
    copy_driver("p01_single_adapter_cli.py", tmp_path)
    result = scan(str(tmp_path), "--format", "json")
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    assert report["schema_version"] == 1
    assert report["root"] == str(tmp_path)
    verdicts = {row["path"]: row["verdict"] for row in report["drivers"]}
    assert verdicts == {
        "p01_single_adapter_cli.py": "Safe-single-adapter",
        "p06_checkpoint_loop_one_id.py": "Affected",
    }
    assert set(report["counts"]) == {
        "Affected", "Safe-distinct-id", "Safe-single-adapter", "Safe-fresh-process",
        "Safe-by-eviction", "Safe-probabilistic", "No-realized-run", "Indeterminate",
    }  # fmt: skip
    assert report["counts"]["Affected"] == 1


def test_exit_zero_and_clean_trees_exit_zero(tmp_path: Path) -> None:
    copy_driver("p06_checkpoint_loop_one_id.py", tmp_path)
    assert scan(str(tmp_path), "--exit-zero", "--format", "json").returncode == 0
    clean = tmp_path / "clean"
    copy_driver("p01_single_adapter_cli.py", clean)
    assert scan(str(clean), "--format", "json").returncode == 0


@pytest.mark.parametrize(
    "flags",
    [["--history"], ["--all-branches"], ["--base", "main"], ["--fix-commit", "abc1234"]],
)
def test_git_aware_flags_need_a_git_repository(tmp_path: Path, flags: list[str]) -> None:
    result = scan(str(tmp_path), *flags)
    assert result.returncode == 2
    assert f"{tmp_path} is not a git repository: no repository here; {flags[0]} need one" in (
        result.stderr
    )
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr


def test_usage_errors_are_one_line_and_exit_two(tmp_path: Path) -> None:
    missing = scan(str(tmp_path / "nope"))
    assert missing.returncode == 2
    assert missing.stderr.strip() == f"lora-audit scan: {tmp_path / 'nope'}: not a directory"
    bad_version = scan(str(tmp_path), "--vllm-version", "banana")
    assert bad_version.returncode == 2
    assert bad_version.stderr.count("\n") == 1
    bad_format = scan(str(tmp_path), "--format", "xml")
    assert bad_format.returncode == 2
    assert "Traceback" not in bad_format.stderr


def test_output_file_receives_the_report(tmp_path: Path) -> None:
    copy_driver("p01_single_adapter_cli.py", tmp_path / "repo")
    out = tmp_path / "report.json"
    result = scan(str(tmp_path / "repo"), "--format", "json", "--output", str(out))
    assert result.returncode == 0
    assert result.stdout == ""
    assert json.loads(out.read_text())["drivers"][0]["verdict"] == "Safe-single-adapter"
