"""`lora-audit scan PATH` with the git flags, through the real console entry in a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from analyzers.git.api import audit_repository
from tests.analyzers.git.conftest import clone
from tests.analyzers.git.scenarios import AFFECTED, FIXED
from tests.support.gitrepo import GitRepo

CLI = [sys.executable, "-m", "lora_audit", "scan"]


def scan(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=120, check=False)


def _history(repo: GitRepo) -> None:
    repo.commit("affected", {"eval.py": AFFECTED})
    repo.commit("fixed", {"eval.py": FIXED})
    repo.branch("side")
    repo.checkout("side")
    repo.commit("side experiment", {"side_eval.py": AFFECTED})
    repo.checkout("main")


@pytest.mark.parametrize(
    ("flags", "options", "status"),
    [
        (["--history"], {"history": True}, 1),  # side_eval.py is in the history of `side`
        (["--all-branches"], {"all_branches": True}, 1),
        (["--history", "--all-branches"], {"history": True, "all_branches": True}, 1),
        (["--base", "side", "--head", "main"], {"base": "side", "head": "main"}, 0),
        (["--base", "main", "--head", "side"], {"base": "main", "head": "side"}, 1),
        (["--fix-commit", "main~1"], {"fix_commits": ["main~1"]}, 0),
    ],
)
def test_the_json_is_the_library_report(
    repo: GitRepo, flags: list[str], options: dict[str, object], status: int
) -> None:
    _history(repo)
    result = scan(str(repo.path), *flags, "--format", "json")
    assert result.returncode == status, result.stderr
    expected = audit_repository(repo.path, label=str(repo.path), **options)  # type: ignore[arg-type]
    assert json.loads(result.stdout) == expected.model_dump(mode="json")


def test_a_bare_mirror_and_an_empty_repository(repo: GitRepo, tmp_path: Path) -> None:
    empty = scan(str(repo.path), "--history", "--all-branches", "--format", "json")
    assert empty.returncode == 0, empty.stderr
    assert json.loads(empty.stdout)["drivers"] == []
    assert json.loads(empty.stdout)["skipped"][0]["detail"] == (
        "HEAD names no commit yet (empty repository)"
    )
    _history(repo)
    mirror = clone(repo, tmp_path / "m.git", "--mirror")
    result = scan(str(mirror), "--all-branches", "--format", "json")
    assert result.returncode == 1
    rows = [(r["path"], r["verdict"], r["branches"]) for r in json.loads(result.stdout)["drivers"]]
    assert rows == [
        ("eval.py", "Safe-distinct-id", ["main", "side"]),
        ("side_eval.py", "Affected", ["side"]),
    ]


def test_the_config_flag_replaces_the_commits_config(repo: GitRepo, tmp_path: Path) -> None:
    repo.commit("start", {"eval.py": AFFECTED, ".github/lora-audit.yml": "exclude: [eval.py]\n"})
    assert scan(str(repo.path), "--history").returncode == 0  # excluded by the commit's config
    other = tmp_path / "other.yml"
    other.write_text("exclude: []\n")
    assert scan(str(repo.path), "--history", "--config", str(other)).returncode == 1


@pytest.mark.parametrize(
    ("where", "flags", "message"),
    [
        (
            "plain",
            ["--history"],
            "{path} is not a git repository: no repository here; --history needs one",
        ),
        (
            "repo/pkg",
            ["--all-branches", "--fix-commit", "abc1234"],
            "{path} is not a git repository: no repository here; "
            "--all-branches and --fix-commit need one",
        ),
        ("repo", ["--base", "nope"], "{path}: 'nope' names no commit in this repository"),
        ("repo", ["--head", "main"], "--head needs --base"),
    ],
)
def test_input_errors_are_one_line_exit_two(
    repo: GitRepo, tmp_path: Path, where: str, flags: list[str], message: str
) -> None:
    repo.commit("start", {"pkg/eval.py": AFFECTED})
    (tmp_path / "plain").mkdir()
    path = str(tmp_path / where)
    result = scan(path, *flags)
    assert result.returncode == 2
    assert result.stderr.startswith(f"lora-audit scan: {message.format(path=path)}")
    assert result.stderr.count("\n") == 1
    assert result.stdout == ""


def test_a_plain_scan_checks_configured_fix_commits(repo: GitRepo, tmp_path: Path) -> None:
    first = repo.commit("start", {"eval.py": FIXED})
    repo.commit("config", {".github/lora-audit.yml": f"fix_commits: [{first[:10]}]\n"})
    result = scan(str(repo.path), "--format", "json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["fix_commits"] == [
        {"sha": first, "title": "start", "exists": True, "on_default_branch": True}
    ]
    folder = tmp_path / "folder"
    (folder / ".github").mkdir(parents=True)
    (folder / ".github" / "lora-audit.yml").write_text("fix_commits: [abc1234]\n")
    plain = json.loads(scan(str(folder), "--format", "json").stdout)
    assert "fix_commits" not in plain
    assert plain["skipped"] == [
        {
            "kind": "config",
            "where": ".github/lora-audit.yml",
            "detail": "fix commits not checked: no repository here",
        }
    ]


def test_a_partial_clone_is_refused_clearly_and_nothing_is_fetched(
    repo: GitRepo, tmp_path: Path
) -> None:
    repo.commit("start", {"eval.py": AFFECTED})
    repo.git("config", "uploadpack.allowFilter", "true")
    partial = clone(repo, tmp_path / "partial.git", "--bare", "--filter=blob:none")
    before = sorted(p.name for p in (partial / "objects" / "pack").iterdir())
    result = scan(str(partial), "--history")
    assert result.returncode == 2
    assert result.stderr == (
        f"lora-audit scan: {partial}: git failed: transport 'file' not allowed "
        "(a partial clone: its missing objects are never fetched; use a full clone)\n"
    )
    assert sorted(p.name for p in (partial / "objects" / "pack").iterdir()) == before
