"""Issue 12: exit policy (`--fail-on`, diff-aware `--base`), `--only-findings`, and the terminal
(colour and width from the environment, Affected rows first, an ignore without a reason shown).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.analyzers.conftest import DRIVERS
from tests.support.gitrepo import GitRepo

CLI = [sys.executable, "-m", "lora_audit", "scan"]
AFFECTED = (DRIVERS / "checkpoint_loop_one_id.py").read_text()
SAFE = (DRIVERS / "cli_one_adapter_many_prompts.py").read_text()
UNDECIDED = "from vllm.lora.request import LoRARequest\ndef broken(:\n    pass\n"
# The Affected loop, with an ignore that gives no reason (which is not honoured).
UNREASONED = """\
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM("base", enable_lora=True)
for path in ["ckpt/a", "ckpt/b"]:
    llm.generate("p", lora_request=LoRARequest("a", 1, path))  # lora-audit: ignore[Affected]
"""
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def scan(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    environment.pop("COLUMNS", None)
    return subprocess.run(
        [*CLI, *args], capture_output=True, text=True, timeout=180, check=False,
        env={**environment, **(env or {})},
    )  # fmt: skip


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def test_fail_on_sets_the_policy(tmp_path: Path) -> None:
    undecided = _write(tmp_path / "undecided", {"broken.py": UNDECIDED, "ok.py": SAFE})
    assert scan(str(undecided)).returncode == 0
    assert scan(str(undecided), "--fail-on", "indeterminate").returncode == 1
    affected = _write(tmp_path / "affected", {"eval.py": AFFECTED})
    assert scan(str(affected)).returncode == 1
    assert scan(str(affected), "--fail-on", "affected").returncode == 1
    assert scan(str(affected), "--fail-on", "never").returncode == 0
    bad = scan(str(affected), "--fail-on", "sometimes")
    assert bad.returncode == 2
    assert bad.stderr.count("\n") == 1


def test_base_fails_only_on_what_the_change_adds(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.commit("legacy affected driver", {"legacy.py": AFFECTED, "ok.py": SAFE})
    repo.branch("feature-docs")
    repo.branch("feature-new")
    repo.branch("feature-undecided")
    repo.checkout("feature-docs")
    repo.commit("docs", {"README.md": "docs\n"})
    repo.checkout("feature-new")
    repo.commit("new affected driver", {"new_eval.py": AFFECTED})
    repo.checkout("feature-undecided")
    repo.commit("new undecided driver", {"broken.py": UNDECIDED})
    path = str(repo.path)
    # legacy.py is Affected on both sides: not this change's doing
    assert scan(path, "--base", "main", "--head", "feature-docs").returncode == 0
    assert scan(path).returncode == 1  # without --base every Affected driver counts
    added = scan(path, "--base", "main", "--head", "feature-new", "--format", "json")
    assert added.returncode == 1
    assert json.loads(added.stdout)["diff"]["newly_affected"] == ["new_eval.py"]
    undecided = ["--base", "main", "--head", "feature-undecided"]
    assert scan(path, *undecided).returncode == 0
    report = json.loads(scan(path, *undecided, "--format", "json").stdout)
    assert report["diff"]["newly_indeterminate"] == ["broken.py"]
    assert scan(path, *undecided, "--fail-on", "indeterminate").returncode == 1
    assert scan(path, "--base", "main", "--head", "feature-new", "--exit-zero").returncode == 0


def test_the_table_puts_affected_first_and_shows_an_unreasoned_ignore(tmp_path: Path) -> None:
    files = {"a_safe.py": SAFE, "b_broken.py": UNDECIDED, "c_eval.py": AFFECTED}
    root = _write(tmp_path / "repo", {**files, "d_waived.py": UNREASONED})
    result = scan(str(root))
    assert result.returncode == 1
    rows = [
        line.split(":")[0] for line in result.stdout.splitlines() if re.match(r"^\w+\.py:", line)
    ]
    assert rows == ["c_eval.py", "d_waived.py", "b_broken.py", "a_safe.py"]
    waived = next(line for line in result.stdout.splitlines() if line.startswith("d_waived.py"))
    assert "NOT suppressed: the ignore on line 6 gives no reason" in waived
    only = scan(str(root), "--only-findings")
    assert "a_safe.py" not in only.stdout
    assert "c_eval.py" in only.stdout
    assert only.stdout.rstrip().endswith(
        "4 drivers: 2 Affected, 1 Safe-single-adapter, 1 Indeterminate"
    )
    markdown = scan(str(root), "--only-findings", "--format", "markdown").stdout
    assert "a_safe.py" not in markdown
    assert "(ignore without a reason: not honoured)" in markdown
    # JSON keeps every row: its counts always agree with its drivers
    report = json.loads(scan(str(root), "--only-findings", "--format", "json").stdout)
    assert len(report["drivers"]) == 4


@pytest.mark.parametrize(
    ("flags", "env", "coloured"),
    [
        ([], {"FORCE_COLOR": "1"}, True),
        ([], {"FORCE_COLOR": "0"}, False),
        ([], {"FORCE_COLOR": "1", "NO_COLOR": "1"}, False),
        (["--color", "always"], {"NO_COLOR": "1"}, True),
        (["--color", "never"], {"FORCE_COLOR": "1"}, False),
        (["--format", "json"], {"FORCE_COLOR": "1"}, False),
        (["--output", "report.txt"], {}, False),
    ],
    ids=["force", "force-0", "no-color-wins", "always", "never", "json", "to-a-file"],
)
def test_colour_follows_flag_then_environment_then_terminal(
    monkeypatch: pytest.MonkeyPatch, flags: list[str], env: dict[str, str], coloured: bool
) -> None:
    import argparse

    from lora_audit.scan import configure, wants_color

    parser = argparse.ArgumentParser()
    configure(parser)
    for name in ("NO_COLOR", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert wants_color(parser.parse_args(flags)) is coloured


def test_colour_through_the_cli_when_forced(tmp_path: Path) -> None:
    root = _write(tmp_path / "repo", {"eval.py": AFFECTED})
    assert not ANSI.search(scan(str(root)).stdout)  # a pipe, not a terminal
    assert ANSI.search(scan(str(root), env={"FORCE_COLOR": "1"}).stdout)


def test_width_comes_from_the_terminal(tmp_path: Path) -> None:
    root = _write(tmp_path / "repo", {"eval.py": AFFECTED})
    narrow = scan(str(root), env={"COLUMNS": "60"}).stdout.splitlines()
    wide = scan(str(root), env={"COLUMNS": "200"}).stdout.splitlines()
    reason_lines = [line for line in narrow if line.startswith("    ")]
    assert reason_lines
    assert all(len(line) <= 60 for line in reason_lines)
    assert len(wide) < len(narrow)


def test_an_internal_error_is_reported_apart_and_never_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fault injected into the judge (the one place a bug would surface) gives the file an
    Indeterminate row without internal type names, a separate `internal_errors` entry, and no
    cache entry: the next audit, without the fault, analyses the file again."""
    import analyzers.judge.driver as judge
    from analyzers.audit import audit_tree
    from analyzers.files.directory import DirectoryTree

    root = _write(tmp_path / "repo", {"eval.py": AFFECTED})
    monkeypatch.delenv("LORA_AUDIT_DEBUG", raising=False)
    real = judge.analyse_driver

    def broken(*args: object, **kwargs: object) -> object:
        raise KeyError("boom")

    monkeypatch.setattr(judge, "analyse_driver", broken)
    cache: dict[str, str] = {}
    report = audit_tree(DirectoryTree(root), cache=cache)
    (row,) = report.drivers
    assert row.verdict.value == "Indeterminate"
    assert "KeyError" not in row.reason
    assert "internal error" in row.reason
    assert report.internal_errors == ["eval.py: KeyError: 'boom'"]
    assert not any(key.startswith("file:") for key in cache)
    monkeypatch.setattr(judge, "analyse_driver", real)
    again = audit_tree(DirectoryTree(root), cache=cache)
    assert [row.verdict.value for row in again.drivers] == ["Affected"]
    assert again.internal_errors is None
