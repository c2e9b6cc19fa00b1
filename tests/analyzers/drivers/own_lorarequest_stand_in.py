# expect: No-realized-run line=26 reason~="LoRARequest objects are built" reason~="but a mock stands in for vLLM"
"""Test helpers with the file's own `LoRARequest` dataclass and a fake engine: nothing here is
vLLM's, so nothing is served."""
from dataclasses import dataclass


@dataclass
class LoRARequest:
    lora_name: str
    lora_int_id: int
    lora_path: str


class FakeEngine:
    def __init__(self) -> None:
        self.seen: list[LoRARequest] = []

    def generate(self, prompts, params=None, lora_request=None):
        self.seen.append(lora_request)
        return []


def test_requests_are_recorded() -> None:
    engine = FakeEngine()
    for step in range(3):
        engine.generate(["x"], lora_request=LoRARequest("a", 1, f"ckpt-{step}"))
    assert len(engine.seen) == 3
