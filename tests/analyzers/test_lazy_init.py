"""`if not hasattr(obj, "_x"): obj._x = ...` on an object handed in: the attribute is taken to be
missing until the code creates it, and the row says so; a `hasattr` that creates nothing is
still a question with two answers."""

from __future__ import annotations

from pathlib import Path

from analyzers.audit import AuditOptions, audit_tree
from analyzers.files.directory import DirectoryTree
from analyzers.model import DriverRow, Verdict
from tests.analyzers.conftest import DRIVERS


def _row(tmp_path: Path, source: str) -> DriverRow:
    (tmp_path / "driver.py").write_text(source)
    report = audit_tree(DirectoryTree(tmp_path), AuditOptions(), jobs=1)
    (row,) = report.drivers
    return row


def test_the_assumption_is_in_the_rows_evidence(tmp_path: Path) -> None:
    source = (DRIVERS / "id_map_created_on_the_callers_server.py").read_text()
    row = _row(tmp_path, source)
    assert row.verdict is Verdict.SAFE_DISTINCT_ID
    assumed = [item.detail for item in row.evidence if item.kind == "config"]
    assert "assumed: server has no _key_to_lora_id before the code at driver.py:13 creates it" in (
        assumed
    )


_NOT_CREATED = """
import itertools

from vllm.lora.request import LoRARequest

COUNTER = itertools.count(1)


def generate_with(server, prompts, folder):
    if not hasattr(server, "_pinned"):
        lora_id = next(COUNTER)
    else:
        lora_id = 1
    server.generate(prompts, lora_request=LoRARequest(folder, lora_id, folder))
"""


def test_a_hasattr_that_creates_nothing_still_has_two_answers(tmp_path: Path) -> None:
    row = _row(tmp_path, _NOT_CREATED)
    assert not any("assumed: server has no" in item.detail for item in row.evidence)
    assert row.verdict is not Verdict.SAFE_DISTINCT_ID  # the world where it is there: id 1
    assert "is served the first one" in row.reason, row.reason
