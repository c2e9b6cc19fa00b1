"""A helper of a pytest file is used the way the file's tests use it, not as a library API.

pytest calls a test file's tests, and nothing imports a test file, so a function of it that is
not a test (`route(engine, req, prompt)`) has the tests as its only callers. A test that drives
it with a mock engine makes no realized run; one that drives it with a real engine is judged on
what it serves. Only a helper no test calls is still run as outside callers would.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzers.audit import AuditOptions, audit_tree
from analyzers.files.directory import DirectoryTree
from analyzers.model import Verdict

_HELPER = """\
from unittest.mock import MagicMock

from vllm import LLM
from vllm.lora.request import LoRARequest


def route(engine, req, prompt):
    return engine.generate([prompt], lora_request=req)


"""
_MOCKED = """\
def test_route_passes_request():
    engine = MagicMock()
    route(engine, LoRARequest("a", 1, "/tmp/a"), "x")
    route(engine, LoRARequest("b", 1, "/tmp/b"), "y")
    assert engine.generate.call_count == 2
"""
_REAL = """\
def test_two_checkpoints():
    engine = LLM("base", enable_lora=True)
    route(engine, LoRARequest("a", 1, "/tmp/a"), "x")
    route(engine, LoRARequest("b", 1, "/tmp/b"), "y")
"""
_UNUSED = """\
def test_nothing():
    assert True
"""


def _row(tmp_path: Path, name: str, tests: str) -> tuple[Verdict, str]:
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / name).write_text(_HELPER + tests)
    report = audit_tree(DirectoryTree(tmp_path), AuditOptions(), jobs=1)
    (row,) = report.drivers
    return row.verdict, row.reason


@pytest.mark.parametrize(
    ("name", "tests", "verdict"),
    [
        ("test_router.py", _MOCKED, Verdict.NO_REALIZED_RUN),
        ("router_test.py", _MOCKED, Verdict.NO_REALIZED_RUN),
        ("test_router.py", _REAL, Verdict.AFFECTED),
        ("test_router.py", _UNUSED, Verdict.INDETERMINATE),
        # Not a test file: `route` is the module's API, whatever its own tests do with it.
        ("router.py", _MOCKED, Verdict.INDETERMINATE),
    ],
    ids=["mocked", "mocked-suffix", "real-engine", "no-test-calls-it", "not-a-test-file"],
)
def test_a_test_files_helper_is_judged_by_its_tests(
    tmp_path: Path, name: str, tests: str, verdict: Verdict
) -> None:
    got, reason = _row(tmp_path, name, tests)
    assert got is verdict, reason
    if verdict is Verdict.INDETERMINATE:
        assert "route() serves" in reason or "cannot follow" in reason, reason
