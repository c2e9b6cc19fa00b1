"""`lora-audit fix` through its console entry (in a subprocess, or in process where only the
output matters): diffs, writes, exit codes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from lora_audit.cli import main
from tests.analyzers.conftest import copy_driver
from tests.analyzers.fix.conftest import rescan
from tests.analyzers.fix.test_rewrites import MEMOISED

CLI = [sys.executable, "-m", "lora_audit", "fix"]


def fix(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CLI, *args], capture_output=True, text=True, timeout=120, check=False, cwd=cwd
    )


def _git(cwd: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def test_diff_prints_a_patch_git_applies_and_writes_nothing(tmp_path: Path) -> None:
    copy_driver("checkpoint_loop_one_id.py", tmp_path)
    copy_driver("rl_overwrite_sync_folder_same_id.py", tmp_path)
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-qm", "drivers")
    before = {p.name: p.read_bytes() for p in tmp_path.glob("*.py")}

    result = fix(".", "--diff", cwd=tmp_path)

    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(
        "--- a/checkpoint_loop_one_id.py\n+++ b/checkpoint_loop_one_id.py\n"
    )
    assert "+++ b/rl_overwrite_sync_folder_same_id.py\n" in result.stdout
    assert "+        llm.llm_engine.remove_lora(request.lora_int_id)\n" in result.stdout
    assert {p.name: p.read_bytes() for p in tmp_path.glob("*.py")} == before
    assert result.stderr.splitlines() == [
        "would fix checkpoint_loop_one_id.py:12: one lora_int_id per adapter path from an id "
        "map (the re-scan says Safe-distinct-id)",
        "would fix rl_overwrite_sync_folder_same_id.py:12: remove_lora(id) before the reuse "
        "(the re-scan says Safe-by-eviction)",
    ]
    subprocess.run(["git", "apply"], input=result.stdout, text=True, cwd=tmp_path, check=True)
    assert rescan(tmp_path).affected == []


def test_fix_writes_the_files(tmp_path: Path) -> None:
    copy_driver("checkpoint_loop_one_id.py", tmp_path)
    first = fix(str(tmp_path), cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert first.stdout.startswith(f"fixed {tmp_path}/checkpoint_loop_one_id.py:12: ")
    assert (
        "_lora_ids.setdefault(ck, len(_lora_ids) + 1)"
        in (tmp_path / "checkpoint_loop_one_id.py").read_text()
    )
    assert rescan(tmp_path).affected == []


def test_nothing_to_fix_exits_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copy_driver("cli_one_adapter_many_prompts.py", tmp_path)
    assert main(["fix", str(tmp_path)]) == 0
    assert capsys.readouterr().out == (
        f"lora-audit fix: nothing to fix: no Affected driver in {tmp_path}\n"
    )


def test_exit_one_when_an_affected_driver_is_left_and_only_the_named_file_is_fixed(
    tmp_path: Path,
) -> None:
    copy_driver("checkpoint_loop_one_id.py", tmp_path)
    copy_driver("glob_checkpoints_one_id.py", tmp_path)
    (tmp_path / "memo.py").write_text(MEMOISED)
    _git(tmp_path, "init", "-q")
    sub = tmp_path / "sub"
    sub.mkdir()
    glob_before = (tmp_path / "glob_checkpoints_one_id.py").read_bytes()

    # Files are named from a subfolder: they are audited within their repository.
    result = fix("../checkpoint_loop_one_id.py", "../memo.py", cwd=sub)

    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith("fixed ../checkpoint_loop_one_id.py:12: ")
    assert lines[1].startswith("not fixed ../memo.py:")
    assert "no rewrite is proven safe" in lines[1]
    assert (tmp_path / "memo.py").read_text() == MEMOISED
    assert (tmp_path / "glob_checkpoints_one_id.py").read_bytes() == glob_before
    assert sorted(row.path for row in rescan(tmp_path).affected) == [
        "glob_checkpoints_one_id.py",
        "memo.py",
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing"], "lora-audit fix: missing: no such file or folder\n"),
        (["notes.txt"], "lora-audit fix: notes.txt: not a Python file\n"),
        ([], None),
    ],
    ids=["missing", "not-python", "no-path"],
)
def test_usage_errors_exit_two_with_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str | None,
) -> None:
    (tmp_path / "notes.txt").write_text("hello\n")
    monkeypatch.chdir(tmp_path)
    assert main(["fix", *args]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.splitlines()) == 1
    if message is not None:
        assert err == message
