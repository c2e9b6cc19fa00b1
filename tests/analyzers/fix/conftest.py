"""Fixtures for the codemod's tests: write a small repository, fix it, and re-scan the result."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from analyzers.audit import AuditOptions, audit_tree
from analyzers.files.directory import DirectoryTree
from analyzers.fix.codemod import FixResult, fix_tree
from analyzers.model import Report

HEADER = "from vllm import LLM, SamplingParams\nfrom vllm.lora.request import LoRARequest\n\n"


def write_tree(root: Path, files: dict[str, str | bytes]) -> Path:
    for relpath, content in files.items():
        target = root / relpath
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content)
    return root


def apply(root: Path, result: FixResult) -> None:
    """Write the rewritten files, as `lora-audit fix` does."""
    for fixed in result.fixed:
        (root / fixed.path).write_bytes(fixed.after)


def rescan(root: Path, vllm_version: str | None = None) -> Report:
    """A fresh audit of the folder as it is on disk now."""
    return audit_tree(DirectoryTree(root), AuditOptions(vllm_version=vllm_version))


@pytest.fixture
def fix_files(tmp_path: Path) -> Callable[..., FixResult]:
    """Write `{relpath: text}` into a fresh folder and run the codemod over it."""

    def run(files: dict[str, str | bytes], *, vllm_version: str | None = None) -> FixResult:
        root = write_tree(tmp_path / "repo", files)
        return fix_tree(DirectoryTree(root), AuditOptions(vllm_version=vllm_version))

    return run
