"""Fixtures for analyzer tests: audit a driver file, or a small repository, through the real API."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from analyzers.audit import AuditOptions, audit_tree
from analyzers.files.directory import DirectoryTree
from analyzers.model import Report

DRIVERS = Path(__file__).parent / "drivers"


@pytest.fixture
def audit_files(tmp_path: Path) -> Callable[..., Report]:
    """Write `{relpath: text}` into a fresh folder and audit it."""

    def run(files: dict[str, str], *, vllm_version: str | None = None) -> Report:
        root = tmp_path / "repo"
        for relpath, text in files.items():
            target = root / relpath
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text)
        return audit_tree(DirectoryTree(root), AuditOptions(vllm_version=vllm_version))

    return run


def copy_driver(name: str, into: Path) -> Path:
    into.mkdir(parents=True, exist_ok=True)
    return Path(shutil.copy(DRIVERS / name, into / name))


@pytest.fixture(autouse=True)
def hermetic_scan(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLI runs in these tests keep their on-disk cache out of the user's home, and an internal
    analysis error raises instead of becoming an Indeterminate row."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg-cache")))
    monkeypatch.setenv("LORA_AUDIT_DEBUG", "1")
