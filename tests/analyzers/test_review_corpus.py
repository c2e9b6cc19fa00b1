"""Multi-file repositories written in review, independently of the analyzer, with expected rows.

Each folder under drivers/review_repos/ is a small repository named for what it shows, whose
files say in their docstrings why their verdict is right, and an `expect.json` mapping a driver
path to the row a careful auditor accepts: `verdicts` (more than one only where the design leaves
the choice open, e.g. a helper module that takes its callers' verdict), the row's `line`, and
`reason`, words the row's reason contains.
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
    expected: dict[str, dict[str, object]] = json.loads((root / "expect.json").read_text())
    rows = {row.path: row for row in audit_tree(DirectoryTree(root)).drivers}
    for path, want in expected.items():
        assert path in rows, f"no row for {path}; rows: {sorted(rows)}"
        row = rows[path]
        assert isinstance(want["verdicts"], list)
        assert isinstance(want["reason"], list)
        assert want["reason"]
        assert row.verdict.value in want["verdicts"], f"{path}: {row.reason}"
        assert row.line == want["line"], f"{path}: {row.reason}"
        for words in want["reason"]:
            assert words in row.reason, f"{path}: {row.reason}"
