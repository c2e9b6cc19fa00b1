"""A repeated scan of an unchanged repository prints the stored output (`output_cache.py`):
byte for byte what a fresh scan prints, without the analyzer, and never once anything it reads
has changed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.analyzers.conftest import DRIVERS
from tests.support.gitrepo import GitRepo

CLI = [sys.executable, "-X", "importtime", "-m", "lora_audit", "scan"]
AFFECTED = (DRIVERS / "checkpoint_loop_one_id.py").read_text()
SAFE = (DRIVERS / "cli_one_adapter_many_prompts.py").read_text()


def scan(folder: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], bool]:
    """The run, and whether it analysed anything (imported the report models)."""
    done = subprocess.run(
        [*CLI, str(folder), "--format", "json", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return done, "analyzers.model" in done.stderr


def verdicts(done: subprocess.CompletedProcess[str]) -> dict[str, str]:
    return {row["path"]: row["verdict"] for row in json.loads(done.stdout)["drivers"]}


def test_an_unchanged_repository_is_answered_from_the_store(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.commit("drivers", {"train.py": AFFECTED, "serve.py": SAFE})
    first, analysed = scan(repo.path)
    assert analysed
    again, analysed_again = scan(repo.path)
    assert not analysed_again
    assert again.stdout == first.stdout
    assert again.returncode == first.returncode == 1
    # Other options are another output.
    zero, analysed_zero = scan(repo.path, "--exit-zero")
    assert analysed_zero
    assert zero.returncode == 0


def test_every_change_git_sees_is_scanned_again(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.commit("drivers", {"train.py": AFFECTED})
    scan(repo.path)
    repo.write("train.py", SAFE)  # a change to a tracked file, not committed
    edited, analysed = scan(repo.path)
    assert analysed
    assert verdicts(edited) == {"train.py": "Safe-single-adapter"}
    repo.write("eval.py", AFFECTED)  # a new file git does not track yet
    added, analysed = scan(repo.path)
    assert analysed
    assert verdicts(added) == {"train.py": "Safe-single-adapter", "eval.py": "Affected"}
    sha = repo.commit("both")  # the same bytes, committed: the report names the commit
    committed, analysed = scan(repo.path)
    assert analysed
    assert json.loads(committed.stdout)["commit"] == sha


def test_the_config_counts_even_where_git_ignores_it(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.commit("drivers", {"train.py": AFFECTED, "serve.py": SAFE, ".gitignore": ".github/\n"})
    scan(repo.path)
    repo.write(".github/lora-audit.yml", "exclude: [train.py]\n")
    excluded, analysed = scan(repo.path)
    assert analysed
    assert verdicts(excluded) == {"serve.py": "Safe-single-adapter"}


def test_a_scan_that_warned_is_not_stored(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.commit("drivers", {"train.py": AFFECTED, ".github/lora-audit.yml": "colour: red\n"})
    first, _ = scan(repo.path)
    assert "warning" in first.stderr
    again, analysed = scan(repo.path)
    assert analysed
    assert "warning" in again.stderr


def test_a_folder_outside_git_is_always_scanned(tmp_path: Path) -> None:
    folder = tmp_path / "plain"
    folder.mkdir()
    (folder / "train.py").write_text(AFFECTED)
    scan(folder)
    again, analysed = scan(folder)
    assert analysed
    assert verdicts(again) == {"train.py": "Affected"}


def test_a_folder_git_ignores_is_always_scanned(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.commit("ignore vendored code", {".gitignore": "vendor/\n", "serve.py": SAFE})
    repo.write("vendor/train.py", AFFECTED)
    first, _ = scan(repo.path / "vendor")
    assert list(verdicts(first).values()) == ["Affected"]
    again, analysed = scan(repo.path / "vendor")
    assert analysed
    assert again.stdout == first.stdout
