"""Small repositories shaped like real framework code, each with the verdict an auditor gives.

Each folder under drivers/reproductions/ is scanned as a whole repository; its `expected.json` maps
a driver path to the expected verdict and why. `KNOWN_WRONG` lists the expectations the analyzer
does not meet yet: each is a strict xfail, so fixing one without removing it here fails the suite.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from analyzers.audit import audit_tree
from analyzers.files.directory import DirectoryTree
from analyzers.model import DriverRow
from tests.analyzers.conftest import DRIVERS

REPRODUCTIONS = DRIVERS / "reproductions"

KNOWN_WRONG: set[str] = set()


def _cases() -> list[object]:
    cases: list[object] = []
    for folder in sorted(p for p in REPRODUCTIONS.iterdir() if (p / "expected.json").is_file()):
        expected = json.loads((folder / "expected.json").read_text())
        for path, want in sorted(expected.items()):
            key = f"{folder.name}/{path}"
            marks = (
                [pytest.mark.xfail(strict=True, reason="not met yet")] if key in KNOWN_WRONG else []
            )
            cases.append(pytest.param(folder.name, path, want["verdict"], id=key, marks=marks))
    return cases


_SCANNED: dict[str, dict[str, DriverRow]] = {}


def _rows(folder: str, scratch: Path) -> dict[str, DriverRow]:
    """Each folder is scanned once per session, however many of its drivers are checked."""
    if folder not in _SCANNED:
        root = Path(shutil.copytree(REPRODUCTIONS / folder, scratch / folder))
        _SCANNED[folder] = {row.path: row for row in audit_tree(DirectoryTree(root)).drivers}
    return _SCANNED[folder]


@pytest.mark.parametrize(("folder", "path", "verdict"), _cases())
def test_reproduction(
    tmp_path_factory: pytest.TempPathFactory, folder: str, path: str, verdict: str
) -> None:
    rows = _rows(folder, tmp_path_factory.mktemp("repro"))
    assert path in rows, f"no row for {path}; rows: {sorted(rows)}"
    assert rows[path].verdict.value == verdict, rows[path].reason


def test_every_known_wrong_entry_exists() -> None:
    keys = {
        f"{folder.name}/{path}"
        for folder in REPRODUCTIONS.iterdir()
        if (folder / "expected.json").is_file()
        for path in json.loads((folder / "expected.json").read_text())
    }
    assert keys >= KNOWN_WRONG
