import sys
import types
from unittest import mock

import pytest


@pytest.fixture(autouse=True)
def fake_vllm(monkeypatch):
    """Tests run on CPU CI: replace vllm with mocks."""
    vllm = types.ModuleType("vllm")
    vllm.LLM = mock.MagicMock(name="LLM")
    vllm.SamplingParams = mock.MagicMock(name="SamplingParams")
    lora = types.ModuleType("vllm.lora")
    request = types.ModuleType("vllm.lora.request")

    class LoRARequest:  # minimal stand-in
        def __init__(self, lora_name, lora_int_id, lora_path=""):
            self.lora_name, self.lora_int_id, self.lora_path = lora_name, lora_int_id, lora_path

    request.LoRARequest = LoRARequest
    monkeypatch.setitem(sys.modules, "vllm", vllm)
    monkeypatch.setitem(sys.modules, "vllm.lora", lora)
    monkeypatch.setitem(sys.modules, "vllm.lora.request", request)
    yield vllm
