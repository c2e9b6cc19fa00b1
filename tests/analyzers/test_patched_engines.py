"""A unit test that patches vLLM's engine class (`@patch("pkg.model.LLM")`, or `with patch(...)`)
serves nothing: its row says a mock stands in, and the module it tests keeps the verdict of its
own library analysis instead of borrowing the test's (opencompass's models take their rows from
such tests otherwise)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from analyzers.model import Report, Verdict

AuditFiles = Callable[..., Report]

MODEL = """\
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class VLLMModel:
    def __init__(self, path, lora_path=None):
        self.model = LLM(path, enable_lora=True)
        self.lora_path = lora_path

    def set_lora(self, lora_path):
        self.lora_path = lora_path

    def generate(self, prompts):
        if not self.lora_path:
            return self.model.generate(prompts, SamplingParams())
        request = LoRARequest("lora_adapter", 1, self.lora_path)
        return self.model.generate(prompts, SamplingParams(), lora_request=request)
"""
DECORATED = """\
from unittest.mock import patch

from pkg.model import VLLMModel


@patch("pkg.model.LLM")
def test_generate_with_lora(mock_llm):
    model = VLLMModel("base", lora_path="test/lora/path")
    model.generate(["Hello"])
    assert "lora_request" in mock_llm.return_value.generate.call_args.kwargs
"""
WITH_BLOCK = """\
from unittest import mock

from pkg.model import VLLMModel


def test_generate_with_lora():
    with mock.patch("pkg.model.LLM") as fake:
        model = VLLMModel("base", lora_path="test/lora/path")
        model.generate(["Hello"])
    assert "lora_request" in fake.return_value.generate.call_args.kwargs
"""


@pytest.mark.parametrize("test_module", [DECORATED, WITH_BLOCK], ids=["decorator", "with"])
def test_a_patched_engine_serves_nothing_and_lends_no_verdict(
    audit_files: AuditFiles, test_module: str
) -> None:
    report = audit_files(
        {"pkg/__init__.py": "", "pkg/model.py": MODEL, "tests/test_model.py": test_module}
    )
    rows = {row.path: row for row in report.drivers}
    assert rows["tests/test_model.py"].verdict is Verdict.NO_REALIZED_RUN
    assert "a mock stands in for vLLM" in rows["tests/test_model.py"].reason
    model = rows["pkg/model.py"]
    assert model.verdict is Verdict.AFFECTED, model.reason
    assert "VLLMModel.set_lora() then VLLMModel.generate()" in model.reason
    assert "served by tests/test_model.py" not in model.reason
