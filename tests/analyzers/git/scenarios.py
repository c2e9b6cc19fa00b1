"""Driver snippets and report checks shared by the git-aware audit tests."""

from __future__ import annotations

from typing import Any

from analyzers.audit import AuditOptions, audit_tree
from analyzers.git.repository import GitRepository
from analyzers.git.tree import GitTree
from analyzers.model import Report

# One engine, one id, two checkpoints: the second request is served the first adapter.
AFFECTED = """from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
for path in ["ckpt/a", "ckpt/b"]:
    llm.generate("hi", lora_request=LoRARequest("adapter", 1, path))
"""

# The fix: one id per checkpoint.
FIXED = """from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
for i, path in enumerate(["ckpt/a", "ckpt/b"]):
    llm.generate("hi", lora_request=LoRARequest(f"adapter{i}", i + 1, path))
"""

# A driver whose checkpoints come from a same-repository helper (tools/ckpts.py).
CALLER = """from vllm import LLM
from vllm.lora.request import LoRARequest

from tools.ckpts import CHECKPOINTS

llm = LLM(model="base", enable_lora=True)
for path in CHECKPOINTS:
    llm.generate("hi", lora_request=LoRARequest("adapter", 1, path))
"""
ONE_CHECKPOINT = 'CHECKPOINTS = ["ckpt/a"]\n'
TWO_CHECKPOINTS = 'CHECKPOINTS = ["ckpt/a", "ckpt/b"]\n'

GIT_KEYS = ("path", "line", "verdict", "commit", "at_head", "branches", "history", "evidence")
ANALYSIS_KEYS = ("line", "verdict", "reason", "sites", "engines", "replay", "requests", "stale")


def short(sha: str) -> str:
    return sha[:7]


def git_view(report: Report) -> dict[str, Any]:
    """The report as JSON, each row cut to where it lived and what it cites (not its analysis)."""
    data = report.model_dump(mode="json")
    data.pop("tool")
    data["drivers"] = [{key: row[key] for key in GIT_KEYS if key in row} for row in data["drivers"]]
    return data


def code_evidence(path: str, line: int, sha: str, kind: str) -> list[dict[str, str]]:
    """The analyzer's own evidence rows for the AFFECTED/FIXED snippets (`kind`), at `sha`."""
    where = f"{path}:{line}@{short(sha)}"
    engine = f"{path}:4@{short(sha)}"
    if kind == "fixed":
        return [
            {"kind": "code", "where": where, "detail": "LoRARequest(id=i + 1, path=path)"},
            {"kind": "code", "where": engine, "detail": "LLM engine, capacity 1"},
        ]
    return [
        {"kind": "code", "where": where, "detail": "LoRARequest(id=1, path=path)"},
        {"kind": "code", "where": engine, "detail": "LLM engine, capacity 1"},
        {"kind": "code", "where": where, "detail": "served a stale adapter"},
        {"kind": "code", "where": where, "detail": "adapter that was served instead"},
        {"kind": "replay", "where": where, "detail": "1 of 2 requests served a stale adapter"},
    ]


def assert_rows_are_the_analyzers(repo: GitRepository, report: Report) -> None:
    """Each row's analysis is exactly what a direct audit of the commit it cites says."""
    for row in report.drivers:
        commit = row.commit or report.commit
        assert commit is not None
        direct = audit_tree(GitTree(repo, commit), AuditOptions())
        same = [r for r in direct.drivers if r.path == row.path]
        assert len(same) == 1, (row.path, commit)
        for key in ANALYSIS_KEYS:
            assert getattr(row, key) == getattr(same[0], key), (row.path, key)
