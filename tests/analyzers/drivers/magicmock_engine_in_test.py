# expect: No-realized-run
from unittest.mock import MagicMock

from vllm.lora.request import LoRARequest


def test_loop_passes_the_request_through() -> None:
    llm = MagicMock()
    for checkpoint in ["a", "b"]:
        llm.generate(["p"], lora_request=LoRARequest("x", 1, checkpoint))
    assert llm.generate.call_count == 2
