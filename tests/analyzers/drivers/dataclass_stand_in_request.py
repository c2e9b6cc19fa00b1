# expect: No-realized-run line=14 reason~="LoRARequest objects are built" reason~="but a mock stands in for vLLM"
"""The file's own LoRARequest dataclass, used only in a unit test: nothing reaches vLLM."""
from dataclasses import dataclass


@dataclass
class LoRARequest:
    lora_name: str
    lora_int_id: int
    lora_path: str


def build_requests(paths):
    return [LoRARequest("x", 1, p) for p in paths]


def test_build():
    assert len(build_requests(["a", "b"])) == 2
