"""Multi-file repositories written in review, independently of the analyzer, with expected rows.

Each folder under drivers/review_repos/ holds a small repository and an `expect.json` mapping a
driver path to the verdicts a careful auditor accepts for it (more than one only where the design
leaves the choice open, e.g. a helper module that takes its callers' verdict).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from analyzers.audit import audit_tree
from analyzers.files.directory import DirectoryTree
from tests.analyzers.conftest import DRIVERS

REPOS = DRIVERS / "review_repos"


@pytest.mark.parametrize("name", sorted(p.name for p in REPOS.iterdir() if p.is_dir()))
def test_review_repository(tmp_path: Path, name: str) -> None:
    root = Path(shutil.copytree(REPOS / name, tmp_path / name))
    expected: dict[str, list[str]] = json.loads((root / "expect.json").read_text())
    rows = {row.path: row for row in audit_tree(DirectoryTree(root)).drivers}
    for path, allowed in expected.items():
        assert path in rows, f"no row for {path}; rows: {sorted(rows)}"
        assert rows[path].verdict.value in allowed, f"{path}: {rows[path].reason}"
