# expect: No-realized-run line=11 reason~="LoRARequest objects are built" reason~="but a mock stands in for vLLM"
"""A unit test hands its requests to a MagicMock: nothing is ever served by vLLM."""
from unittest.mock import MagicMock

from vllm.lora.request import LoRARequest


def test_loop_passes_the_request_through() -> None:
    llm = MagicMock()
    for checkpoint in ["a", "b"]:
        llm.generate(["p"], lora_request=LoRARequest("x", 1, checkpoint))
    assert llm.generate.call_count == 2
