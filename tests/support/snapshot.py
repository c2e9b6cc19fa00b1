"""A copy of this project's files, as a hook repository or an action checkout would hold them."""

from __future__ import annotations

import shutil
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# What `pip install .` needs: the build configuration and the packages of the wheel.
PACKAGE_FILES = (
    "pyproject.toml", "uv.lock", "README.md", "app.yml",
    "analyzers", "bot", "workers", "lora_audit",
)  # fmt: skip


def copy_project(target: Path, extra: Iterable[str] = ()) -> Path:
    """Copy the package files (and `extra` ones) of this checkout into `target`."""
    target.mkdir(parents=True, exist_ok=True)
    for name in (*PACKAGE_FILES, *extra):
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, target / name)
    return target
