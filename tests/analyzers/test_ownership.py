"""A repository owned by another user (a checkout mounted into the container, a CI cache) is
read as the repository it is: git trusts exactly that path for our own commands, nothing is
added to any git config, and other repositories stay untrusted."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.analyzers.conftest import DRIVERS
from tests.support.gitrepo import GitRepo

CLI = [sys.executable, "-m", "lora_audit", "scan"]
OTHER_UID = 65534  # nobody

pytestmark = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="chown to another user needs root"
)


def _chown(path: Path) -> None:
    for folder, dirs, files in os.walk(path):
        for name in [*dirs, *files]:
            os.lchown(os.path.join(folder, name), OTHER_UID, OTHER_UID)
    os.lchown(path, OTHER_UID, OTHER_UID)


def test_a_repository_owned_by_another_user_is_audited_with_its_commit(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "src")
    head = repo.commit(
        "drivers",
        {
            "eval.py": (DRIVERS / "checkpoint_loop_one_id.py").read_text(),
            ".gitignore": "scratch/\n",
            "scratch/old_eval.py": (DRIVERS / "checkpoint_loop_one_id.py").read_text(),
        },
    )
    _chown(repo.path)
    refused = subprocess.run(
        ["git", "-C", str(repo.path), "status"], capture_output=True, text=True, check=False
    )
    assert "dubious ownership" in refused.stderr  # plain git refuses it
    env = {**os.environ, "HOME": str(tmp_path / "home")}
    (tmp_path / "home").mkdir()
    result = subprocess.run(
        [*CLI, str(repo.path), "--format", "json"],
        capture_output=True, text=True, timeout=180, check=False, env=env,
    )  # fmt: skip
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    assert report["commit"] == head  # git answered: clean work tree at HEAD
    assert [row["path"] for row in report["drivers"]] == ["eval.py"]  # .gitignore honoured
    history = subprocess.run(
        [*CLI, str(repo.path), "--history", "--format", "json"],
        capture_output=True, text=True, timeout=180, check=False, env=env,
    )  # fmt: skip
    assert history.returncode == 1, history.stderr
    assert not (tmp_path / "home" / ".gitconfig").exists()  # no config written anywhere
    still = subprocess.run(
        ["git", "-C", str(repo.path), "status"], capture_output=True, text=True, check=False
    )
    assert "dubious ownership" in still.stderr
