# expect: No-realized-run line=13 reason~="a mock stands in for vLLM"
"""A unit test feeds requests to a fake handler (`PropertyMock(side_effect=[...])`): no engine
ever receives them, and the mock is the evidence, whatever the rest of the test leaves
unexplored."""
from unittest.mock import AsyncMock, PropertyMock

from vllm.lora.request import LoRARequest


async def test_lora_adapter():
    handler = AsyncMock()
    type(handler).lora_requests = PropertyMock(
        side_effect=[[], [LoRARequest(lora_name="a", lora_int_id=42, lora_path="fixtures/a")]]
    )
    assert await handler.load_lora_adapter("a") is not None
