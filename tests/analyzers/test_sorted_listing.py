"""`sorted()` of a listing's `(step, path)` pairs: an order of unknowns is a renaming of them.

A checkpoint sweep collects `(int(step), path)` for each folder a glob finds and sorts the
pairs. Every part of every pair is unknown, so whatever order the sort makes is the order the
analysis followed under other names: the sweep is judged, not cut short. A pair with a literal
in it (a base model listed first by hand) does have an order the analysis cannot compute.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzers.audit import AuditOptions, audit_tree
from analyzers.files.directory import DirectoryTree
from analyzers.model import Verdict

_LISTING = """\
import glob
import multiprocessing as mp
import re

from vllm import LLM
from vllm.lora.request import LoRARequest


def checkpoints(run_dir):
    found = []{extra}
    for path in glob.glob(run_dir + "/checkpoint-*"):
        m = re.search(r"checkpoint-(\\d+)$", path)
        if m:
            found.append((int(m.group(1)), path))
    return [p for _, p in sorted(found)]


def evaluate(ckpt):
    llm = LLM("base", enable_lora=True)
    llm.generate(["hi"], lora_request=LoRARequest("ckpt", 1, ckpt))


def main():
{body}


if __name__ == "__main__":
    main()
"""
_SPAWNED = """\
    ctx = mp.get_context("spawn")
    for ckpt in checkpoints("runs/grpo"):
        proc = ctx.Process(target=evaluate, args=(ckpt,))
        proc.start()
        proc.join()"""
_ONE_ENGINE = """\
    llm = LLM("base", enable_lora=True)
    for ckpt in checkpoints("runs/grpo"):
        llm.generate(["hi"], lora_request=LoRARequest("ckpt", 1, ckpt))"""
_BASE_FIRST = '\n    found.append((0, "runs/base"))'


def _row(tmp_path: Path, body: str, extra: str = "") -> tuple[Verdict, str]:
    (tmp_path / "sweep.py").write_text(_LISTING.format(body=body, extra=extra))
    report = audit_tree(DirectoryTree(tmp_path), AuditOptions(), jobs=1)
    (row,) = report.drivers
    return row.verdict, row.reason


@pytest.mark.parametrize(
    ("body", "verdict"),
    [(_SPAWNED, Verdict.SAFE_FRESH_PROCESS), (_ONE_ENGINE, Verdict.AFFECTED)],
    ids=["process-per-checkpoint", "one-engine"],
)
def test_sorted_pairs_of_unknowns_are_followed(tmp_path: Path, body: str, verdict: Verdict) -> None:
    got, reason = _row(tmp_path, body)
    assert got is verdict, reason
    assert "puts its items in is unknown" not in reason


def test_a_literal_pair_makes_the_order_unknown(tmp_path: Path) -> None:
    got, reason = _row(tmp_path, _SPAWNED, extra=_BASE_FIRST)
    assert got is Verdict.INDETERMINATE
    assert "the order `sorted(found)` puts its items in is unknown" in reason
