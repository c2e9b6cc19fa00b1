"""A Python script without a suffix (`bin/evaluate`, installed as a console script) is a driver
like any `.py` file: its `#!` line says it is Python. Other files without a suffix are not read
as Python, whatever words they hold."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from analyzers.audit import AuditOptions, audit_tree
from analyzers.files.config import RepoConfig
from analyzers.files.directory import DirectoryTree
from analyzers.git.api import audit_commit
from analyzers.model import Verdict

SCRIPT = """#!/usr/bin/env python3
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
for ckpt in sys.argv[1:]:
    print(llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("cand", 1, ckpt)))
"""
SHELL = """#!/bin/bash
# builds LoRARequest("cand", 1, ckpt) through python below
python -m eval "$@"
"""
FILES = {
    "bin/evaluate": SCRIPT,
    "bin/launch": SHELL,
    "LICENSE": "LoRARequest(...) is a name, not code\n",
}


def _write(root: Path) -> None:
    for relative, text in FILES.items():
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")


def test_a_script_without_a_suffix_gets_its_row(tmp_path: Path) -> None:
    _write(tmp_path)
    report = audit_tree(DirectoryTree(tmp_path))
    assert [(row.path, row.verdict, row.line) for row in report.drivers] == [
        ("bin/evaluate", Verdict.AFFECTED, 9)
    ]


def test_a_committed_script_without_a_suffix_gets_its_row(tmp_path: Path) -> None:
    _write(tmp_path)
    git = ["git", "-C", str(tmp_path), "-c", "user.email=a@b", "-c", "user.name=a"]
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "scripts"], check=True)
    report = audit_commit(tmp_path, "HEAD", AuditOptions())
    assert [(row.path, row.verdict) for row in report.drivers] == [
        ("bin/evaluate", Verdict.AFFECTED)
    ]


@pytest.mark.parametrize(
    ("include", "exclude", "kept"),
    [
        (["**/*.py"], [], ["bin/evaluate"]),
        (["**/*.py"], ["bin/**"], []),
        (["src/**/*.py"], [], []),  # kept where a `.py` file of its name would be
    ],
)
def test_a_script_without_a_suffix_follows_the_globs(
    tmp_path: Path, include: list[str], exclude: list[str], kept: list[str]
) -> None:
    _write(tmp_path)
    config = RepoConfig(include=include, exclude=exclude)
    report = audit_tree(DirectoryTree(tmp_path), AuditOptions(config=config))
    assert [row.path for row in report.drivers] == kept
