"""A fake vLLM put in `sys.modules` is what the program's imports get, and pytest's fixtures run.

CPU test suites replace vLLM before importing it, in the test file or in an `autouse` fixture of
a `conftest.py` (`monkeypatch.setitem(sys.modules, "vllm", fake)`). An engine made from the
fake serves nothing: No-realized-run (a mock stands in), never a stale serve. Only what pytest
would really run counts: a fixture the test neither requests nor gets by `autouse` changes
nothing, and a module that imported vLLM before the fake was put in place keeps the real one.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzers.audit import AuditOptions, audit_tree
from analyzers.files.directory import DirectoryTree
from analyzers.model import Verdict

TEST = """\
def test_both_adapters(fake_vllm):
    from vllm import LLM
    from vllm.lora.request import LoRARequest

    llm = LLM(model="tiny", enable_lora=True)
    for path in ["/adapters/a", "/adapters/b"]:
        llm.generate(["q"], lora_request=LoRARequest("x", 1, path))
"""
CONFTEST = """\
import sys
import types
from unittest import mock

import pytest


@pytest.fixture(autouse={autouse})
def fake_vllm(monkeypatch):
    vllm = types.ModuleType("vllm")
    vllm.LLM = mock.MagicMock(name="LLM")
    request = types.ModuleType("vllm.lora.request")

    class LoRARequest:
        def __init__(self, lora_name, lora_int_id, lora_path=""):
            self.lora_name, self.lora_int_id, self.lora_path = lora_name, lora_int_id, lora_path

    request.LoRARequest = LoRARequest
    monkeypatch.setitem(sys.modules, "vllm", vllm)
    monkeypatch.setitem(sys.modules, "vllm.lora.request", request)
    yield vllm
"""


def rows_reason(root: Path, path: str) -> str:
    report = audit_tree(DirectoryTree(root), AuditOptions(), jobs=1)
    return next(row.reason for row in report.drivers if row.path == path)


def _verdicts(root: Path, files: dict[str, str]) -> dict[str, Verdict]:
    for relpath, text in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text)
    report = audit_tree(DirectoryTree(root), AuditOptions(), jobs=1)
    return {row.path: row.verdict for row in report.drivers}


@pytest.mark.parametrize("autouse", [True, False])
def test_a_conftest_fixture_that_fakes_vllm_makes_the_tests_engine_a_mock(
    tmp_path: Path, autouse: bool
) -> None:
    files = {
        "tests/conftest.py": CONFTEST.replace("{autouse}", str(autouse)),
        "tests/test_routing.py": TEST,
    }
    verdicts = _verdicts(tmp_path, files)
    assert verdicts["tests/test_routing.py"] is Verdict.NO_REALIZED_RUN


def test_without_the_fixture_the_same_test_is_affected(tmp_path: Path) -> None:
    verdicts = _verdicts(tmp_path, {"tests/test_routing.py": TEST})
    assert verdicts["tests/test_routing.py"] is Verdict.AFFECTED


def test_a_fixture_the_test_does_not_get_changes_nothing(tmp_path: Path) -> None:
    files = {
        "tests/conftest.py": CONFTEST.replace("{autouse}", "False"),
        "tests/test_routing.py": TEST.replace("(fake_vllm)", "()"),
    }
    assert _verdicts(tmp_path, files)["tests/test_routing.py"] is Verdict.AFFECTED
    # Nor does one in a sibling folder: pytest only reads the conftest.py files above a test.
    files = {
        "other/conftest.py": CONFTEST.replace("{autouse}", "True"),
        "tests/test_routing.py": TEST.replace("(fake_vllm)", "()"),
    }
    assert _verdicts(tmp_path / "sibling", files)["tests/test_routing.py"] is Verdict.AFFECTED


@pytest.mark.parametrize(
    "replace",
    [
        'sys.modules["vllm"] = mock.MagicMock()',
        'sys.modules.update({"vllm": mock.MagicMock()})',
        'sys.modules.setdefault("vllm", mock.MagicMock())',
    ],
)
def test_a_fake_put_in_sys_modules_in_the_file_is_what_it_imports(
    tmp_path: Path, replace: str
) -> None:
    script = (
        f"import sys\nfrom unittest import mock\n\n{replace}\n\n"
        "from vllm import LLM\nfrom vllm.lora.request import LoRARequest\n\n"
        "llm = LLM(model='m', enable_lora=True)\n"
        "for path in ['/a', '/b']:\n"
        "    llm.generate(['q'], lora_request=LoRARequest('x', 1, path))\n"
    )
    assert _verdicts(tmp_path, {"smoke.py": script})["smoke.py"] is Verdict.NO_REALIZED_RUN


def test_a_module_that_imported_vllm_before_the_fake_keeps_the_real_one(tmp_path: Path) -> None:
    helper = (
        "from vllm import LLM\nfrom vllm.lora.request import LoRARequest\n\n\n"
        "def sweep(paths):\n"
        "    llm = LLM(model='m', enable_lora=True)\n"
        "    for path in paths:\n"
        "        llm.generate(['q'], lora_request=LoRARequest('x', 1, path))\n"
    )
    script = (
        "import sys\nfrom unittest import mock\n\nimport helper\n\n"
        'sys.modules["vllm"] = mock.MagicMock()\n\n'
        "for paths in [['/a', '/b']]:\n    helper.sweep(paths)\n"
    )
    verdicts = _verdicts(tmp_path, {"helper.py": helper, "run.py": script})
    assert verdicts["run.py"] is Verdict.AFFECTED
    assert "served by run.py" in rows_reason(tmp_path, "helper.py")
