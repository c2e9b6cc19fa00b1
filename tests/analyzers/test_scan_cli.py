"""`lora-audit scan` through the real console entry in a subprocess: output, exit codes, errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.analyzers.conftest import copy_driver
from tests.support.sarif import load_sarif

CLI = [sys.executable, "-m", "lora_audit", "scan"]


def scan(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CLI, *args], capture_output=True, text=True, timeout=120, check=False, cwd=cwd
    )


def test_json_report_and_exit_one_for_an_affected_driver(tmp_path: Path) -> None:
    copy_driver("checkpoint_loop_one_id.py", tmp_path)
    copy_driver("cli_one_adapter_many_prompts.py", tmp_path)
    result = scan(str(tmp_path), "--format", "json")
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    assert report["schema_version"] == 1
    assert report["root"] == str(tmp_path)
    verdicts = {row["path"]: row["verdict"] for row in report["drivers"]}
    assert verdicts == {
        "cli_one_adapter_many_prompts.py": "Safe-single-adapter",
        "checkpoint_loop_one_id.py": "Affected",
    }
    assert set(report["counts"]) == {
        "Affected", "Safe-distinct-id", "Safe-single-adapter", "Safe-fresh-process",
        "Safe-by-eviction", "Safe-probabilistic", "No-realized-run", "Indeterminate",
    }  # fmt: skip
    assert report["counts"]["Affected"] == 1


def test_exit_zero_and_clean_trees_exit_zero(tmp_path: Path) -> None:
    copy_driver("checkpoint_loop_one_id.py", tmp_path)
    assert scan(str(tmp_path), "--exit-zero", "--format", "json").returncode == 0
    clean = tmp_path / "clean"
    copy_driver("cli_one_adapter_many_prompts.py", clean)
    assert scan(str(clean), "--format", "json").returncode == 0


@pytest.mark.parametrize(
    "flags",
    [["--history"], ["--all-branches"], ["--base", "main"], ["--fix-commit", "abc1234"]],
)
def test_git_aware_flags_need_a_git_repository(tmp_path: Path, flags: list[str]) -> None:
    result = scan(str(tmp_path), *flags)
    assert result.returncode == 2
    assert f"{tmp_path} is not a git repository: no repository here; {flags[0]} needs one" in (
        result.stderr
    )
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr


def test_usage_errors_are_one_line_and_exit_two(tmp_path: Path) -> None:
    missing = scan(str(tmp_path / "nope"))
    assert missing.returncode == 2
    assert missing.stderr.strip() == (
        f"lora-audit scan: {tmp_path / 'nope'}: no such file or directory"
    )
    bad_version = scan(str(tmp_path), "--vllm-version", "banana")
    assert bad_version.returncode == 2
    assert bad_version.stderr.count("\n") == 1
    bad_format = scan(str(tmp_path), "--format", "xml")
    assert bad_format.returncode == 2
    assert "Traceback" not in bad_format.stderr


def test_output_file_receives_the_report(tmp_path: Path) -> None:
    copy_driver("cli_one_adapter_many_prompts.py", tmp_path / "repo")
    out = tmp_path / "report.json"
    result = scan(str(tmp_path / "repo"), "--format", "json", "--output", str(out))
    assert result.returncode == 0
    assert result.stdout == ""
    assert json.loads(out.read_text())["drivers"][0]["verdict"] == "Safe-single-adapter"


def test_several_paths_give_one_json_report_per_line_and_the_worst_exit(tmp_path: Path) -> None:
    copy_driver("cli_one_adapter_many_prompts.py", tmp_path / "clean")
    copy_driver("checkpoint_loop_one_id.py", tmp_path / "bad")
    result = scan(str(tmp_path / "clean"), str(tmp_path / "bad"), "--format", "json")
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    roots = [json.loads(line)["root"] for line in lines]
    assert roots == [str(tmp_path / "clean"), str(tmp_path / "bad")]
    sarif = load_sarif(
        scan(str(tmp_path / "clean"), str(tmp_path / "bad"), "--format", "sarif").stdout
    )
    (run,) = sarif["runs"]  # code scanning takes one run per upload: the PATHs are merged
    assert [r["ruleId"] for r in run["results"]] == ["LORA001"]


def test_config_file_excludes_paths_and_pins_the_version(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    copy_driver("checkpoint_loop_one_id.py", repo / "third_party")
    copy_driver("cli_one_adapter_many_prompts.py", repo)
    (repo / ".github").mkdir()
    (repo / ".github" / "lora-audit.yml").write_text(
        'exclude: ["third_party/**"]\nvllm_version: "0.15.0"\n'
    )
    result = scan(str(repo), "--format", "json")
    assert result.returncode == 0, result.stdout
    report = json.loads(result.stdout)
    assert [row["path"] for row in report["drivers"]] == ["cli_one_adapter_many_prompts.py"]
    assert (report["vllm_version"], report["vllm_version_source"]) == ("0.15.0", "config")
    flagged = scan(str(repo), "--format", "json", "--vllm-version", "0.11.0")
    assert json.loads(flagged.stdout)["vllm_version_source"] == "flag"


def test_a_broken_config_is_reported_not_fatal(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    copy_driver("checkpoint_loop_one_id.py", repo)
    config = tmp_path / "custom.yml"
    config.write_text("exclude: [unterminated\n")
    result = scan(str(repo), "--format", "json", "--config", str(config))
    assert result.returncode == 1
    assert "warning" in result.stderr
    assert "not valid YAML" in result.stderr
    report = json.loads(result.stdout)
    assert any("not valid YAML" in error for error in report["config_errors"])
    assert report["drivers"][0]["verdict"] == "Affected"
    missing = scan(str(repo), "--config", str(tmp_path / "absent.yml"))
    assert missing.returncode == 2
    assert missing.stderr.count("\n") == 1


def test_evidence_cites_the_commit_in_a_clean_git_tree(tmp_path: Path) -> None:
    from tests.support.gitrepo import GitRepo

    repo = GitRepo(tmp_path / "repo")
    text = (Path(__file__).parent / "drivers" / "checkpoint_loop_one_id.py").read_text()
    head = repo.commit("add driver", {"eval.py": text})
    report = json.loads(scan(str(repo.path), "--format", "json").stdout)
    assert report["commit"] == head
    wheres = [item["where"] for item in report["drivers"][0]["evidence"]]
    assert "eval.py:10@" + head[:7] in wheres
    (repo.path / "eval.py").write_text(text + "\n# edited\n")
    dirty = json.loads(scan(str(repo.path), "--format", "json").stdout)
    assert dirty["commit"] is None
    assert all("@" not in item["where"] for item in dirty["drivers"][0]["evidence"])


def test_reports_are_identical_whatever_the_hash_seed(tmp_path: Path) -> None:
    import os

    for name in (
        "salted_hash_modulus_id.py",
        "requests_built_once_in_dict.py",
        "process_per_checkpoint.py",
    ):
        copy_driver(name, tmp_path / "repo")
    outputs = set()
    for seed in ("0", "1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "XDG_CACHE_HOME": str(tmp_path / seed)}
        result = subprocess.run(
            [*CLI, str(tmp_path / "repo"), "--format", "json"],
            capture_output=True, text=True, timeout=120, check=False, env=env,
        )  # fmt: skip
        assert result.returncode == 0, result.stderr
        outputs.add(result.stdout)
    assert len(outputs) == 1
