"""Hostile repositories: odd names, links, loops, huge and broken files never stop the audit."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from analyzers.git.api import audit_history
from analyzers.git.repository import GitRepository
from tests.analyzers.git.scenarios import AFFECTED
from tests.support.gitrepo import GitRepo

Opener = Callable[[Path], GitRepository]


def test_odd_names_links_and_broken_files(repo: GitRepo, open_repo: Opener) -> None:
    repo.write("affected.py", AFFECTED)
    repo.write("new\nline.py", AFFECTED)
    (repo.path / os.fsdecode(b"caf\xe9.py")).write_bytes(AFFECTED.encode())
    repo.write("big.py", "from vllm.lora.request import LoRARequest\n" + "x = 1\n" * 500_000)
    repo.write("syntax.py", "LoRARequest(\n")
    (repo.path / "link.py").symlink_to("affected.py")
    (repo.path / "loop1.py").symlink_to("loop2.py")
    (repo.path / "loop2.py").symlink_to("loop1.py")
    repo.commit("hostile")
    report = audit_history(open_repo(repo.path))
    rows = {(row.path, row.verdict.value, row.at_head) for row in report.drivers}
    assert rows == {
        ("affected.py", "Affected", True),
        ("big.py", "Indeterminate", True),
        ("caf\\xe9.py", "Affected", True),
        ("new\nline.py", "Affected", True),
        ("syntax.py", "Indeterminate", True),
    }
    reasons = {row.path: row.reason for row in report.drivers}
    assert "3.0 MB is over the 2 MB parse limit" in reasons["big.py"]
    assert "syntax error at line 1" in reasons["syntax.py"]
