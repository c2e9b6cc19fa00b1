"""The one git helper: errors that show everything, and no program of the repository ever runs."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from analyzers.files.runner import GitError, run_git
from tests.support.gitrepo import GitRepo


def _trap(tmp_path: Path, name: str) -> tuple[Path, Path]:
    """A script that leaves a marker file when anything runs it."""
    marker = tmp_path / f"{name}.ran"
    script = tmp_path / f"{name}.sh"
    script.write_text(f"#!/bin/sh\ntouch {marker}\nexit 0\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script, marker


def test_error_shows_command_code_and_both_streams(repo: GitRepo) -> None:
    repo.commit("one", {"a.py": "x = 1\n"})
    with pytest.raises(GitError) as caught:
        run_git(repo.path / ".git", "rev-parse", "--verify", "no-such-ref")
    error = caught.value
    assert error.returncode == 128
    assert error.argv[-3:] == ["rev-parse", "--verify", "no-such-ref"]
    text = str(error)
    assert "rev-parse --verify no-such-ref exited 128" in text
    assert "stdout: (empty)" in text
    assert "stderr: fatal: Needed a single revision" in text
    assert error.first_line == "Needed a single revision"


def test_accepted_codes_return_the_three_parts(repo: GitRepo) -> None:
    repo.commit("one", {"a.py": "x = 1\n"})
    result = run_git(repo.path / ".git", "cat-file", "-e", "0" * 40, ok=(0, 1, 128))
    assert result.returncode != 0
    assert result.stdout == b""
    shown = run_git(repo.path / ".git", "show", "HEAD:a.py")
    assert (shown.returncode, shown.stdout, shown.stderr) == (0, b"x = 1\n", "")


def test_repository_config_cannot_run_programs(repo: GitRepo, tmp_path: Path) -> None:
    repo.commit("one", {"a.py": "x = 1\n"})
    fsmonitor, fsmonitor_ran = _trap(tmp_path, "fsmonitor")
    repo.git("config", "core.fsmonitor", str(fsmonitor))
    repo.write("a.py", "x = 2\n")  # a dirty work tree makes `status` consult the fsmonitor

    run_git(None, "status", "--porcelain", cwd=repo.path)

    assert not fsmonitor_ran.exists()


def test_repository_config_would_have_run_them_without_the_guard(
    repo: GitRepo, tmp_path: Path
) -> None:
    """The trap above is real: plain git does run the repository's fsmonitor program."""
    repo.commit("one", {"a.py": "x = 1\n"})
    fsmonitor, fsmonitor_ran = _trap(tmp_path, "fsmonitor")
    repo.git("config", "core.fsmonitor", str(fsmonitor))
    repo.write("a.py", "x = 2\n")
    repo.git("status", "--porcelain")
    assert fsmonitor_ran.exists()


def test_callers_git_environment_is_ignored(
    repo: GitRepo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo.commit("one", {"a.py": "x = 1\n"})
    monkeypatch.setenv("GIT_DIR", str(tmp_path / "elsewhere"))
    monkeypatch.setenv("GIT_OBJECT_DIRECTORY", str(tmp_path / "nowhere"))
    shown = run_git(repo.path / ".git", "show", "HEAD:a.py")
    assert shown.stdout == b"x = 1\n"
    assert os.environ["GIT_DIR"] == str(tmp_path / "elsewhere")


def test_missing_git_is_a_git_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")
    with pytest.raises(GitError) as caught:
        run_git(None, "--version")
    assert caught.value.returncode == 127
    assert "git is not installed" in str(caught.value)


def test_no_command_can_write_a_work_tree(repo: GitRepo, tmp_path: Path) -> None:
    repo.commit("one", {"a.py": "x = 1\n"})
    repo.branch("other")
    with pytest.raises(GitError, match="must be run in a work tree"):
        run_git(repo.path / ".git", "checkout", "-q", "other")
    assert sorted(p.name for p in repo.path.iterdir()) == [".git", "a.py"]
    assert repo.git("rev-parse", "--abbrev-ref", "HEAD") == "main"
