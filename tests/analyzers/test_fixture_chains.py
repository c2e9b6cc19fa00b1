"""pytest sets up the fixtures a test asks for and, before each, the fixtures it asks for.

A test suite that checks an adapter loads from two places (a folder and its copy in /dev/shm)
builds the engine in one session fixture and serves both paths under one id in another, through
a helper of the module; the test itself only reads the results. pytest runs that test, so its
requests are served on one engine: the test is a driver, and the engine its fixture gets is the
session's, not an unknown argument (found on a real repository's tests, which were called
Indeterminate).
"""

from __future__ import annotations

from collections.abc import Callable

from analyzers.model import Report, Verdict

AuditFiles = Callable[..., Report]

TESTS = """\
import pytest
import vllm
from vllm.lora.request import LoRARequest


@pytest.fixture(scope="session")
def vllm_model():
    return vllm.LLM("base", enable_lora=True)


def logprobs_for(model, path):
    request = LoRARequest("example_adapter", 1, path)
    return model.generate(["q"], lora_request=request)


@pytest.fixture(scope="session")
def both_paths(vllm_model):
    return tuple(logprobs_for(vllm_model, path) for path in {paths})


def test_both_paths_agree(both_paths):
    local, shm = both_paths
    assert local == shm
"""
TWO_PATHS = '["data/adapter", "/dev/shm/adapter"]'


def _row(audit_files: AuditFiles, text: str) -> tuple[Verdict, str]:
    report = audit_files({"tests/test_adapters.py": text})
    row = next(row for row in report.drivers if row.path == "tests/test_adapters.py")
    return row.verdict, row.reason


def test_two_paths_served_under_one_id_through_fixtures_are_affected(
    audit_files: AuditFiles,
) -> None:
    verdict, reason = _row(audit_files, TESTS.format(paths=TWO_PATHS))
    assert verdict is Verdict.AFFECTED, reason
    assert "the request for '/dev/shm/adapter'" in reason
    assert "is served 'data/adapter'" in reason


def test_one_path_served_twice_through_fixtures_is_safe(audit_files: AuditFiles) -> None:
    verdict, reason = _row(audit_files, TESTS.format(paths='["data/adapter", "data/adapter"]'))
    assert verdict is Verdict.SAFE_SINGLE_ADAPTER, reason


def test_a_fake_vllm_fixture_the_engine_fixture_asks_for_is_set_up_first(
    audit_files: AuditFiles,
) -> None:
    fake = (
        "import sys\nimport types\nfrom unittest import mock\n\n\n"
        "@pytest.fixture\n"
        "def fake_vllm(monkeypatch):\n"
        "    fake = types.ModuleType('vllm')\n"
        "    fake.LLM = mock.MagicMock(name='LLM')\n"
        "    monkeypatch.setitem(sys.modules, 'vllm', fake)\n"
        "    return fake\n\n\n"
    )
    text = TESTS.format(paths=TWO_PATHS)
    text = text.replace("import vllm\n", "").replace(
        '@pytest.fixture(scope="session")\ndef vllm_model():\n'
        '    return vllm.LLM("base", enable_lora=True)\n',
        fake + "@pytest.fixture\ndef vllm_model(fake_vllm):\n"
        '    from vllm import LLM\n\n    return LLM("base", enable_lora=True)\n',
    )
    assert "def vllm_model(fake_vllm)" in text
    verdict, reason = _row(audit_files, text)
    assert verdict is Verdict.NO_REALIZED_RUN, reason
