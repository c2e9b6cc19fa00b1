"""The pre-commit hooks of `.pre-commit-hooks.yaml`, through the real `pre-commit`.

A snapshot of this project (the files its wheel is built from, committed to a throw-away git
repository) is the hook repository; a second throw-away repository uses it from its own
`.pre-commit-config.yaml`, exactly as a user would, and commits an Affected driver (refused),
then the fix (accepted). pre-commit installs the hook the way it does for every user
(`language: python`: a virtualenv and `pip install` of the snapshot).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from tests.support.gitrepo import GitRepo, git
from tests.support.snapshot import copy_project

ROOT = Path(__file__).resolve().parent.parent
DRIVERS = ROOT / "tests" / "analyzers" / "drivers"
AFFECTED = (DRIVERS / "checkpoint_loop_one_id.py").read_text()
FIXED = (DRIVERS / "enumerate_plus_one_over_cli_adapters.py").read_text()


def _pre_commit() -> list[str]:
    return [sys.executable, "-m", "pre_commit"]


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """(path, sha) of a git repository holding this project's current files."""
    target = copy_project(
        tmp_path_factory.mktemp("hook-repo") / "lora-audit", [".pre-commit-hooks.yaml"]
    )
    repo = GitRepo(target)
    return target, repo.commit("snapshot of lora-audit")


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    home = tmp_path_factory.mktemp("pre-commit-home")
    yield home
    shutil.rmtree(home, ignore_errors=True)


def _project(tmp_path: Path, hook_repo: tuple[Path, str], hook: str) -> GitRepo:
    path, sha = hook_repo
    repo = GitRepo(tmp_path / "project")
    config = {"repos": [{"repo": str(path), "rev": sha, "hooks": [{"id": hook}]}]}
    repo.write(".pre-commit-config.yaml", yaml.safe_dump(config))
    repo.write("README.md", "an ML project\n")
    repo.commit("start")
    return repo


def _run(repo: GitRepo, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "PRE_COMMIT"))},
        "PRE_COMMIT_HOME": str(home),
        "XDG_CACHE_HOME": str(home / "xdg"),
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com",
        "NO_COLOR": "1",
    }  # fmt: skip
    return subprocess.run(
        [*_pre_commit(), *args], cwd=repo.path, env=env, capture_output=True, text=True,
        timeout=900, check=False,
    )  # fmt: skip


@pytest.mark.slow
def test_the_hook_refuses_an_affected_driver_and_passes_the_fix(
    tmp_path: Path, hook_repo: tuple[Path, str], pre_commit_home: Path
) -> None:
    repo = _project(tmp_path, hook_repo, "lora-audit")
    repo.write("eval/run_eval.py", AFFECTED)
    repo.write("notes.txt", "not python\n")
    git(repo.path, "add", "-A")
    refused = _run(repo, pre_commit_home, "run")
    assert refused.returncode == 1, refused.stdout + refused.stderr
    assert "lora-audit (vLLM LoRA adapter cache)" in refused.stdout
    assert "Failed" in refused.stdout
    assert "eval/run_eval.py" in refused.stdout
    assert "Affected" in refused.stdout
    repo.write("eval/run_eval.py", FIXED)
    git(repo.path, "add", "-A")
    passed = _run(repo, pre_commit_home, "run")
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "Passed" in passed.stdout
    # with no Python file staged the hook is skipped, as `types: [python]` says
    repo.commit("fixed")
    repo.write("notes.txt", "more notes\n")
    git(repo.path, "add", "-A")
    skipped = _run(repo, pre_commit_home, "run")
    assert skipped.returncode == 0
    assert "Skipped" in skipped.stdout


@pytest.mark.slow
def test_the_whole_repository_hook_sees_a_helper_change(
    tmp_path: Path, hook_repo: tuple[Path, str], pre_commit_home: Path
) -> None:
    repo = _project(tmp_path, hook_repo, "lora-audit-all")
    repo.write("eval/run_eval.py", AFFECTED)
    repo.commit("an affected driver, committed before the hook existed")
    repo.write("docs.md", "docs\n")
    git(repo.path, "add", "-A")
    result = _run(repo, pre_commit_home, "run")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "eval/run_eval.py" in result.stdout
