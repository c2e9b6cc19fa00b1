"""Drivers analysed in worker processes give the very report the serial run gives."""

from __future__ import annotations

import multiprocessing
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from analyzers.audit import AuditOptions, audit_tree, worker_count
from analyzers.files.directory import DirectoryTree
from analyzers.render.json import render_json

DRIVERS = Path(__file__).parent / "drivers"


def _corpus(root: Path) -> Path:
    """The test-driver corpus plus a dispatcher and a helper, so linking across files counts."""
    (root / "drivers").mkdir(parents=True)
    for source in sorted(DRIVERS.glob("*.py"))[::8]:  # a spread of mechanisms, kept quick
        shutil.copy(source, root / "drivers" / source.name)
    shutil.copy(DRIVERS / "checkpoint_loop_one_id.py", root / "drivers")
    (root / "run_all.py").write_text(
        "import subprocess, sys\n"
        "for ckpt in ['a', 'b']:\n"
        "    subprocess.run([sys.executable, 'drivers/checkpoint_loop_one_id.py', ckpt])\n"
    )
    return root


def test_parallel_report_equals_the_serial_one(tmp_path: Path) -> None:
    root = _corpus(tmp_path / "repo")
    serial = render_json(audit_tree(DirectoryTree(root), AuditOptions(), jobs=1))
    cache: dict[str, str] = {}
    parallel = render_json(audit_tree(DirectoryTree(root), AuditOptions(), jobs=3, cache=cache))
    assert parallel == serial
    assert sum(key.startswith("file:") for key in cache) >= 8, "fresh results are cached"
    again = render_json(audit_tree(DirectoryTree(root), AuditOptions(), jobs=3, cache=cache))
    assert again == serial
    assert '"run_all.py"' in serial, "the dispatcher's row is in both"


def test_worker_count_is_serial_for_few_drivers_or_one_core(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert worker_count(2, 8) == 1
    assert worker_count(100, 1) == 1
    assert worker_count(9, 4) == 4
    assert worker_count(9, 16) == 9
    monkeypatch.setenv("LORA_AUDIT_JOBS", "1")
    assert worker_count(100) == 1
    monkeypatch.setenv("LORA_AUDIT_JOBS", "4")
    assert worker_count(100) == 4


def test_few_long_analyses_get_a_pool() -> None:
    """A history sweep re-analyses two or three slow framework drivers at commit after commit:
    what they took last time decides, and one driver alone never forks."""
    assert worker_count(3, 2, predicted=12.0) == 2
    assert worker_count(3, 8, predicted=12.0) == 3
    assert worker_count(3, 2, predicted=0.5) == 1, "quick ones stay serial"
    assert worker_count(1, 8, predicted=60.0) == 1, "one driver needs no pool"


def _count_in_child(answer: Any) -> None:
    answer.put(worker_count(100, 8))


def test_a_daemonic_process_analyses_serially() -> None:
    """A Celery prefork worker is daemonic and may not start a pool: the audit there is serial
    instead of failing with "daemonic processes are not allowed to have children"."""
    context = multiprocessing.get_context("fork")
    answer = context.Queue()
    child = context.Process(target=_count_in_child, args=(answer,), daemon=True)
    child.start()
    got = answer.get(timeout=30)
    child.join(timeout=30)
    assert got == 1
    assert worker_count(100, 8) == 8, "outside a daemon the pool is used"


SYNC_DRIVER = """\
from torch import nn
from vllm import LLM
from vllm.lora.request import LoRARequest


class Policy(nn.Module):
    def sync(self, llm: LLM) -> None:
        llm.llm_engine.add_lora(LoRARequest("policy", 1, "dummy", lora_tensors=self.weights))


def main() -> None:
    llm = LLM("base", enable_lora=True)
    policy = Policy()
    for _ in range(3):
        policy.sync(llm)


main()
"""


def test_two_processes_give_the_same_bytes(tmp_path: Path) -> None:
    """The report names run-time unknowns (an attribute a library base class holds) by the
    run's own numbering, never by where an object happens to sit in memory."""
    root = tmp_path / "repo"
    root.mkdir()
    (root / "sync.py").write_text(SYNC_DRIVER)
    outputs = []
    for run in range(2):
        done = subprocess.run(
            [sys.executable, "-m", "lora_audit", "scan", str(root), "--format", "json"],
            env={**os.environ, "XDG_CACHE_HOME": str(tmp_path / f"cache{run}")},
            capture_output=True, text=True, timeout=120, check=False,
        )  # fmt: skip
        assert done.returncode in (0, 1), done.stderr[-2000:]
        outputs.append(done.stdout)
    assert ".weights" in outputs[0]  # the unknown is in the report
    assert outputs[0] == outputs[1]
