# expect: No-realized-run
"""Unit test helpers with a stand-in LoRARequest: nothing here reaches vLLM."""
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
