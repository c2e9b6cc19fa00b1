# expect: Affected line=20 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served two_adapters[0]" reason~="1 of 2 requests are stale"
"""Same shape as vLLM's own test_load_inplace_false_no_reload (own code): the second adapter under id
1 with load_inplace=False is served the first one, as that test asserts."""
import pytest
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


@pytest.fixture
def two_adapters(tmp_path):
    return str(tmp_path / "adapter_v1"), str(tmp_path / "adapter_v2")


def test_reusing_the_id_without_inplace_serves_the_old_weights(two_adapters) -> None:
    first_path, second_path = two_adapters
    llm = LLM("Qwen/Qwen3-0.6B", enable_lora=True, max_loras=1, max_lora_rank=8)
    params = SamplingParams(temperature=0, max_tokens=16)
    before = llm.generate(["Hello"], params, lora_request=LoRARequest("adapter", 1, first_path))
    after = llm.generate(
        ["Hello"], params, lora_request=LoRARequest("adapter", 1, second_path, load_inplace=False)
    )
    assert before[0].outputs[0].text == after[0].outputs[0].text
